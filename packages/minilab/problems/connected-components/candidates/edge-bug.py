# Union-find over the vertices that appear in the edge list.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
e = list(map(int, data[2:2 + 2 * m]))
size = max(e, default=0)
p = list(range(size + 1))


def find(x):
    while p[x] != x:
        p[x] = p[p[x]]
        x = p[x]
    return x


for i in range(0, 2 * m, 2):
    a, b = find(e[i]), find(e[i + 1])
    if a != b:
        p[a] = b
print(sum(1 for v in range(1, size + 1) if find(v) == v))

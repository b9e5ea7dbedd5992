# Union-find with path halving.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
p = list(range(n + 1))


def find(x):
    while p[x] != x:
        p[x] = p[p[x]]
        x = p[x]
    return x


comp = n
e = list(map(int, data[2:2 + 2 * m]))
for i in range(0, 2 * m, 2):
    a, b = find(e[i]), find(e[i + 1])
    if a != b:
        p[a] = b
        comp -= 1
print(comp)

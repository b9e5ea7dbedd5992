import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
parent = list(range(n + 1))


def find(x):
    root = x
    while parent[root] != root:
        root = parent[root]
    while parent[x] != root:
        parent[x], x = root, parent[x]
    return root


components = n
for i in range(m):
    a, b = find(int(data[2 + 2 * i])), find(int(data[3 + 2 * i]))
    if a != b:
        parent[a] = b
        components -= 1
print(components)

import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
out = [[] for _ in range(n + 1)]
indeg = [0] * (n + 1)
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    out[u].append(v)
    indeg[v] += 1
longest = [0] * (n + 1)
order = [v for v in range(1, n + 1) if indeg[v] == 0]
for u in order:
    for v in out[u]:
        if longest[u] + 1 > longest[v]:
            longest[v] = longest[u] + 1
        indeg[v] -= 1
        if indeg[v] == 0:
            order.append(v)
print(max(longest[1:]))

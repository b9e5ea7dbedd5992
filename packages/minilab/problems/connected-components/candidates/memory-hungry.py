# Adjacency matrix (one bytearray row per vertex), then a breadth-first search per component.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [bytearray(n + 1) for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u][v] = adj[v][u] = 1
seen = bytearray(n + 1)
comps = 0
for s in range(1, n + 1):
    if seen[s]:
        continue
    comps += 1
    seen[s] = 1
    stack = [s]
    while stack:
        u = stack.pop()
        row = adj[u]
        v = row.find(1)
        while v != -1:
            if not seen[v]:
                seen[v] = 1
                stack.append(v)
            v = row.find(1, v + 1)
print(comps)

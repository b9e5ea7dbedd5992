# Depth-first relaxation: whenever a vertex improves, recurse into its out-edges.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    adj[int(data[2 + 3 * i])].append((int(data[3 + 3 * i]), int(data[4 + 3 * i])))
dist = [None] * (n + 1)


def relax(u):
    for v, w in adj[u]:
        if dist[v] is None or dist[u] + w < dist[v]:
            dist[v] = dist[u] + w
            relax(v)


dist[1] = 0
relax(1)
print(-1 if dist[n] is None else dist[n])

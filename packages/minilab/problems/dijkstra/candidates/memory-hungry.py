# Adjacency matrix of lightest edge weights, then Dijkstra with a heap over matrix rows.
import sys
from heapq import heappush, heappop

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
INF = float("inf")
mat = [[INF] * (n + 1) for _ in range(n + 1)]
for i in range(m):
    u, v, w = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
    if w < mat[u][v]:
        mat[u][v] = w
dist = [INF] * (n + 1)
dist[1] = 0
pq = [(0, 1)]
while pq:
    d, u = heappop(pq)
    if d > dist[u]:
        continue
    row = mat[u]
    for v in range(1, n + 1):
        if row[v] < INF and d + row[v] < dist[v]:
            dist[v] = d + row[v]
            heappush(pq, (dist[v], v))
print(dist[n] if dist[n] < INF else -1)

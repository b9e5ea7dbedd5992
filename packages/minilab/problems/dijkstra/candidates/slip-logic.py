# Dijkstra with a binary heap and lazy deletion.
# Slip: pushes the edge's weight instead of the new distance (Prim's habit).
import sys
from heapq import heappush, heappop

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
e = list(map(int, data[2:2 + 3 * m]))
for i in range(0, 3 * m, 3):
    adj[e[i]].append((e[i + 1], e[i + 2]))
INF = float("inf")
dist = [INF] * (n + 1)
dist[1] = 0
pq = [(0, 1)]
while pq:
    d, u = heappop(pq)
    if d > dist[u]:
        continue
    for v, w in adj[u]:
        nd = d + w
        if nd < dist[v]:
            dist[v] = nd
            heappush(pq, (w, v))
print(dist[n] if dist[n] < INF else -1)

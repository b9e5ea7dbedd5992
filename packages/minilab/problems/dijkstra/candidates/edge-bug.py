# Dijkstra with a binary heap; a large constant stands for "not reached yet".
import sys
from heapq import heappush, heappop

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    adj[int(data[2 + 3 * i])].append((int(data[3 + 3 * i]), int(data[4 + 3 * i])))
INF = 10 ** 18
dist = [INF] * (n + 1)
dist[1] = 0
pq = [(0, 1)]
while pq:
    d, u = heappop(pq)
    if d > dist[u]:
        continue
    for v, w in adj[u]:
        if d + w < dist[v]:
            dist[v] = d + w
            heappush(pq, (d + w, v))
print(dist[n])

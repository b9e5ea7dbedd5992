# Topological order, keeping the longest path itself for every vertex.
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
indeg = [0] * (n + 1)
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].append(v)
    indeg[v] += 1
path = [[v] for v in range(n + 1)]
q = deque(v for v in range(1, n + 1) if indeg[v] == 0)
while q:
    u = q.popleft()
    for v in adj[u]:
        if len(path[u]) + 1 > len(path[v]):
            path[v] = path[u] + [v]
        indeg[v] -= 1
        if indeg[v] == 0:
            q.append(v)
print(max(len(p) for p in path[1:]) - 1)

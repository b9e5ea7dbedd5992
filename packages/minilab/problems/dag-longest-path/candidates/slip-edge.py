# Kahn's topological order, relaxing longest distances along the way.
# Slip: the first queue leaves out vertex n, so a source labelled n is never processed.
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
indeg = [0] * (n + 1)
e = list(map(int, data[2:2 + 2 * m]))
for i in range(0, 2 * m, 2):
    adj[e[i]].append(e[i + 1])
    indeg[e[i + 1]] += 1
dp = [0] * (n + 1)
q = deque(v for v in range(1, n) if indeg[v] == 0)
while q:
    u = q.popleft()
    for v in adj[u]:
        dp[v] = max(dp[v], dp[u] + 1)
        indeg[v] -= 1
        if indeg[v] == 0:
            q.append(v)
print(max(dp))

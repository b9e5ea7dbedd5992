# Processes the vertices in increasing label order, relaxing their out-edges.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    adj[int(data[2 + 2 * i])].append(int(data[3 + 2 * i]))
dp = [0] * (n + 1)
for u in range(1, n + 1):
    for v in adj[u]:
        if dp[u] + 1 > dp[v]:
            dp[v] = dp[u] + 1
print(max(dp))

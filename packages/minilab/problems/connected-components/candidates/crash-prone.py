# Adjacency lists and a recursive depth-first search.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    adj[u].append(v)
    adj[v].append(u)
seen = [False] * (n + 1)


def dfs(u):
    seen[u] = True
    for v in adj[u]:
        if not seen[v]:
            dfs(v)


count = 0
for s in range(1, n + 1):
    if not seen[s]:
        count += 1
        dfs(s)
print(count)

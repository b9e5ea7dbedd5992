# Longest distance from every vertex.
n = int(input())
adj = [[] for _ in range(n + 1)]
for _ in range(n - 1):
    u, v, w = map(int, input().split())
    adj[u].append((v, w))
    adj[v].append((u, w))
best = 0
for s in range(1, n + 1):
    dist = {s: 0}
    stack = [s]
    while stack:
        u = stack.pop()
        for v, w in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + w
                stack.append(v)
    best = max(best, max(dist.values()))
print(best)

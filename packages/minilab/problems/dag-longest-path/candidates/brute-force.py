# Bellman-Ford style: relax every edge until no distance grows.
n, m = map(int, input().split())
edges = [tuple(map(int, input().split())) for _ in range(m)]
dist = [0] * (n + 1)
changed = True
while changed:
    changed = False
    for u, v in edges:
        if dist[u] + 1 > dist[v]:
            dist[v] = dist[u] + 1
            changed = True
print(max(dist))

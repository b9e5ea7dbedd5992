# Two sweeps that remember the whole path from the source to every vertex.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v, w = int(data[1 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))


def sweep(src):
    path = {src: [src]}
    dist = {src: 0}
    stack = [src]
    while stack:
        u = stack.pop()
        for v, w in adj[u]:
            if v not in dist:
                dist[v] = dist[u] + w
                path[v] = path[u] + [v]
                stack.append(v)
    far = max(dist, key=dist.get)
    return far, dist[far], path[far]


end, _, _ = sweep(1)
print(sweep(end)[1])

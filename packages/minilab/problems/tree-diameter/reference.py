import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v, w = int(data[1 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))


def farthest(src):
    dist = [-1] * (n + 1)
    dist[src] = 0
    stack = [src]
    while stack:
        u = stack.pop()
        for v, w in adj[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + w
                stack.append(v)
    far = max(range(1, n + 1), key=lambda x: dist[x])
    return far, dist[far]


a, _ = farthest(1)
print(farthest(a)[1])

# One recursive depth-first search: the two deepest branches below each vertex.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v, w = int(data[1 + 3 * i]), int(data[2 + 3 * i]), int(data[3 + 3 * i])
    adj[u].append((v, w))
    adj[v].append((u, w))
best = 0


def depth(u, parent):
    global best
    top1 = top2 = 0
    for v, w in adj[u]:
        if v != parent:
            d = depth(v, u) + w
            if d > top1:
                top1, top2 = d, top1
            elif d > top2:
                top2 = d
    best = max(best, top1 + top2)
    return top1


depth(1, 0)
print(best)

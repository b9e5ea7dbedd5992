# Breadth-first search over flattened cell indices.
import sys
from collections import deque

data = sys.stdin.read().split()
H, W = int(data[0]), int(data[1])
free = "".join(data[2:2 + H])
N = H * W
dist = [-1] * N
dist[0] = 0
q = deque([0])
while q:
    v = q.popleft()
    r, c = divmod(v, W)
    d = dist[v] + 1
    for u, ok in ((v - W, r > 0), (v + W, r < H - 1), (v - 1, c > 0), (v + 1, c < W - 1)):
        if ok and dist[u] < 0 and free[u] == ".":
            dist[u] = d
            q.append(u)
print(dist[N - 1])

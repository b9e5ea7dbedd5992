# Checks reachability with a recursive flood fill first, then runs a breadth-first search.
import sys
from collections import deque

data = sys.stdin.read().split()
H, W = int(data[0]), int(data[1])
g = data[2:2 + H]
seen = [[False] * W for _ in range(H)]


def fill(r, c):
    if r < 0 or r >= H or c < 0 or c >= W or seen[r][c] or g[r][c] != ".":
        return
    seen[r][c] = True
    fill(r + 1, c)
    fill(r - 1, c)
    fill(r, c + 1)
    fill(r, c - 1)


fill(0, 0)
if not seen[H - 1][W - 1]:
    print(-1)
else:
    dist = [[-1] * W for _ in range(H)]
    dist[0][0] = 0
    q = deque([(0, 0)])
    while q:
        r, c = q.popleft()
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < H and 0 <= nc < W and g[nr][nc] == "." and dist[nr][nc] < 0:
                dist[nr][nc] = dist[r][c] + 1
                q.append((nr, nc))
    print(dist[H - 1][W - 1])

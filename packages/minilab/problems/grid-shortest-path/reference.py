import sys
from collections import deque

data = sys.stdin.read().split()
H, W = int(data[0]), int(data[1])
grid = data[2:2 + H]
dist = [[-1] * W for _ in range(H)]
dist[0][0] = 0
queue = deque([(0, 0)])
while queue:
    r, c = queue.popleft()
    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= nr < H and 0 <= nc < W and grid[nr][nc] == "." and dist[nr][nc] < 0:
            dist[nr][nc] = dist[r][c] + 1
            queue.append((nr, nc))
print(dist[H - 1][W - 1])

# Breadth-first search that stops as soon as the target is discovered.
import sys
from collections import deque

data = sys.stdin.read().split()
H, W = int(data[0]), int(data[1])
g = data[2:2 + H]
seen = [[False] * W for _ in range(H)]
seen[0][0] = True
q = deque([(0, 0, 0)])
answer = -1
while q and answer < 0:
    r, c, d = q.popleft()
    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= nr < H and 0 <= nc < W and not seen[nr][nc] and g[nr][nc] == ".":
            if (nr, nc) == (H - 1, W - 1):
                answer = d + 1
                break
            seen[nr][nc] = True
            q.append((nr, nc, d + 1))
print(answer)

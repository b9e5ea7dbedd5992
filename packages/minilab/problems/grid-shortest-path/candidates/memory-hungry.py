# Breadth-first search that records the full path to every cell it reaches.
import sys
from collections import deque

data = sys.stdin.read().split()
H, W = int(data[0]), int(data[1])
g = data[2:2 + H]
path_to = {(0, 0): [(0, 0)]}
q = deque([(0, 0)])
while q:
    r, c = q.popleft()
    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= nr < H and 0 <= nc < W and (nr, nc) not in path_to and g[nr][nc] == ".":
            path_to[(nr, nc)] = path_to[(r, c)] + [(nr, nc)]
            q.append((nr, nc))
target = path_to.get((H - 1, W - 1))
print(len(target) - 1 if target else -1)

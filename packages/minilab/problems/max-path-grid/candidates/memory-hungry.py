# DP that also keeps the best path into every cell (to print it if asked).
import sys

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
g = [list(map(int, data[2 + r * W: 2 + (r + 1) * W])) for r in range(H)]
best = [[None] * W for _ in range(H)]
path = [[None] * W for _ in range(H)]
for r in range(H):
    for c in range(W):
        if r == 0 and c == 0:
            best[r][c], path[r][c] = g[0][0], [(0, 0)]
            continue
        cands = []
        if r:
            cands.append((best[r - 1][c], r - 1, c))
        if c:
            cands.append((best[r][c - 1], r, c - 1))
        b, pr, pc = max(cands)
        best[r][c] = b + g[r][c]
        path[r][c] = path[pr][pc] + [(r, c)]
print(best[H - 1][W - 1])

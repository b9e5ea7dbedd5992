# Relaxes every cell from its neighbours, sweep after sweep, until nothing changes.
H, W = map(int, input().split())
g = [input().strip() for _ in range(H)]
INF = float("inf")
d = [[INF] * W for _ in range(H)]
d[0][0] = 0
changed = True
while changed:
    changed = False
    for r in range(H):
        for c in range(W):
            if g[r][c] != ".":
                continue
            best = d[r][c]
            if r > 0 and d[r - 1][c] + 1 < best:
                best = d[r - 1][c] + 1
            if r < H - 1 and d[r + 1][c] + 1 < best:
                best = d[r + 1][c] + 1
            if c > 0 and d[r][c - 1] + 1 < best:
                best = d[r][c - 1] + 1
            if c < W - 1 and d[r][c + 1] + 1 < best:
                best = d[r][c + 1] + 1
            if best < d[r][c]:
                d[r][c] = best
                changed = True
print(d[H - 1][W - 1] if d[H - 1][W - 1] < INF else -1)

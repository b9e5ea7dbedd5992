# Tries every monotone path recursively.
import sys

sys.setrecursionlimit(10000)
H, W = map(int, input().split())
g = [list(map(int, input().split())) for _ in range(H)]


def best(r, c):
    if r == H - 1 and c == W - 1:
        return g[r][c]
    options = []
    if r + 1 < H:
        options.append(best(r + 1, c))
    if c + 1 < W:
        options.append(best(r, c + 1))
    return g[r][c] + max(options)


print(best(0, 0))

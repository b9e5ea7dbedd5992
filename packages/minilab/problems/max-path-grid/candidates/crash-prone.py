# Memoised recursion from the bottom-right corner.
import sys
from functools import lru_cache

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
g = [list(map(int, data[2 + r * W: 2 + (r + 1) * W])) for r in range(H)]


@lru_cache(maxsize=None)
def best(r, c):
    if r == 0 and c == 0:
        return g[0][0]
    options = []
    if r:
        options.append(best(r - 1, c))
    if c:
        options.append(best(r, c - 1))
    return max(options) + g[r][c]


print(best(H - 1, W - 1))

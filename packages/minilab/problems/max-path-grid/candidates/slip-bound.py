# Row-by-row DP with negative infinity outside the grid.
# Slip: 'minus infinity' is -10^6, the smallest cell, but a path's sum can be far lower.
import sys

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
NEG = -10 ** 6
prev = [NEG] * W
for r in range(H):
    row = list(map(int, data[2 + r * W: 2 + (r + 1) * W]))
    cur = [0] * W
    for c in range(W):
        if r == 0 and c == 0:
            cur[c] = row[0]
        else:
            left = cur[c - 1] if c else NEG
            cur[c] = max(prev[c], left) + row[c]
    prev = cur
print(prev[-1])

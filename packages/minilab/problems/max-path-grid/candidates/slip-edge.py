# Row-by-row DP with negative infinity outside the grid.
# Slip: the first column reads its left neighbour from the end of the row (cur[-1]).
import sys

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
NEG = float("-inf")
prev = [NEG] * W
for r in range(H):
    row = list(map(int, data[2 + r * W: 2 + (r + 1) * W]))
    cur = [0] * W
    for c in range(W):
        if r == 0 and c == 0:
            cur[c] = row[0]
        else:
            left = cur[c - 1]
            cur[c] = max(prev[c], left) + row[c]
    prev = cur
print(prev[-1])

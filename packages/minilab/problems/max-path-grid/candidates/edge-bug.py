# Row-by-row DP; cells outside the grid count as 0.
import sys

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
prev = [0] * W
for r in range(H):
    row = list(map(int, data[2 + r * W: 2 + (r + 1) * W]))
    cur = [0] * W
    for c in range(W):
        up = prev[c]
        left = cur[c - 1] if c else 0
        cur[c] = max(up, left) + row[c]
    prev = cur
print(prev[-1])

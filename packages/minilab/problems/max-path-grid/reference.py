import sys

data = sys.stdin.buffer.read().split()
H, W = int(data[0]), int(data[1])
vals = [int(x) for x in data[2:2 + H * W]]
best = [0] * W
for r in range(H):
    row = vals[r * W:(r + 1) * W]
    for c in range(W):
        if r == 0 and c == 0:
            best[c] = row[c]
        elif r == 0:
            best[c] = best[c - 1] + row[c]
        elif c == 0:
            best[c] = best[c] + row[c]
        else:
            best[c] = max(best[c], best[c - 1]) + row[c]
print(best[W - 1])

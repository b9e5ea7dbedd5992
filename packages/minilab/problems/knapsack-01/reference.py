import sys

data = sys.stdin.read().split()
n, W = int(data[0]), int(data[1])
best = [0] * (W + 1)
for i in range(n):
    w, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    if w > W:
        continue
    # New values for capacities w..W computed from the old row in one step.
    shifted = [best[c - w] + v for c in range(w, W + 1)]
    best[w:] = [x if x > y else y for x, y in zip(best[w:], shifted)]
print(best[W])

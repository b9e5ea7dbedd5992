# Meet in the middle: all subsets of each half, then the best partner by binary search.
import sys
from bisect import bisect_right

data = sys.stdin.read().split()
n, W = int(data[0]), int(data[1])
items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]


def subsets(part):
    out = [(0, 0)]
    for w, v in part:
        out += [(sw + w, sv + v) for sw, sv in out]
    return out


left = subsets(items[: n // 2])
right = sorted(subsets(items[n // 2:]))
weights, best_values, best = [], [], -1
for w, v in right:
    best = max(best, v)
    weights.append(w)
    best_values.append(best)
answer = 0
for w, v in left:
    if w <= W:
        k = bisect_right(weights, W - w)
        if k:
            answer = max(answer, v + best_values[k - 1])
print(answer)

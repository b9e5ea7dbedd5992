# Tries every subset recursively, pruning only on weight.
import sys

data = sys.stdin.read().split()
n, W = int(data[0]), int(data[1])
items = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]


def best(i, cap):
    if i == n:
        return 0
    w, v = items[i]
    skip = best(i + 1, cap)
    return max(skip, v + best(i + 1, cap - w)) if w <= cap else skip


print(best(0, W))

# Quicksort (first element as pivot), then counts changes between neighbours.
import sys


def quicksort(xs):
    if len(xs) <= 1:
        return xs
    p = xs[0]
    return quicksort([x for x in xs[1:] if x < p]) + [p] + quicksort([x for x in xs[1:] if x >= p])


data = sys.stdin.buffer.read().split()
n = int(data[0])
a = quicksort(list(map(int, data[1:1 + n])))
print(1 + sum(1 for i in range(1, n) if a[i] != a[i - 1]))

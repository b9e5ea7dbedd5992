# Quickselect with the first element as pivot.
import sys


def select(a, k):
    p = a[0]
    less = [x for x in a if x < p]
    equal = a.count(p)
    if k <= len(less):
        return select(less, k)
    if k <= len(less) + equal:
        return p
    return select([x for x in a if x > p], k - len(less) - equal)


data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
print(select(list(map(int, data[2:2 + n])), k))

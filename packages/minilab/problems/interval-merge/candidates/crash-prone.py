# Sorts, then merges recursively: merge the first interval into the merged rest.
import sys


def merge(iv, i):
    if i == len(iv) - 1:
        return [list(iv[i])]
    rest = merge(iv, i + 1)
    rest.insert(0, list(iv[i]))
    while len(rest) > 1 and rest[1][0] <= rest[0][1]:
        rest[0][1] = max(rest[0][1], rest[1][1])
        rest.pop(1)
    return rest


data = sys.stdin.buffer.read().split()
n = int(data[0])
vals = list(map(int, data[1:1 + 2 * n]))
out = merge(sorted(zip(vals[0::2], vals[1::2])), 0)
print(len(out), sum(r - l for l, r in out))

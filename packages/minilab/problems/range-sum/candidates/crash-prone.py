# Prefix sums defined recursively with memoisation.
import sys
from functools import lru_cache

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))


@lru_cache(maxsize=None)
def prefix(i):
    return 0 if i == 0 else prefix(i - 1) + a[i - 1]


out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(prefix(r) - prefix(l - 1))
print("\n".join(map(str, out)))

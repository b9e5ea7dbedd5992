# Best sum ending at each position, defined recursively.
import sys
from functools import lru_cache

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))


@lru_cache(maxsize=None)
def ending_at(i):
    if i == 0:
        return a[0]
    return max(a[i], ending_at(i - 1) + a[i])


print(max(ending_at(i) for i in range(n - 1, -1, -1)))

# Memoised recursion: the longest increasing subsequence that ends at position i.
import sys
from functools import lru_cache

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))


@lru_cache(maxsize=None)
def ending_at(i):
    best = 1
    for j in range(i - 1, -1, -1):
        if a[j] < a[i]:
            best = max(best, ending_at(j) + 1)
    return best


print(max(ending_at(i) for i in range(n - 1, -1, -1)))

# Top-down dynamic programming with lru_cache.
import sys
from functools import lru_cache

s = sys.stdin.readline().strip()
t = sys.stdin.readline().strip()


@lru_cache(maxsize=None)
def d(i, j):
    if i == 0 or j == 0:
        return i + j
    if s[i - 1] == t[j - 1]:
        return d(i - 1, j - 1)
    return 1 + min(d(i - 1, j), d(i, j - 1), d(i - 1, j - 1))


print(d(len(s), len(t)))

# Expands around each centre with a recursive helper.
import sys

s = sys.stdin.readline().strip()
n = len(s)


def grow(lo, hi):
    if lo < 0 or hi >= n or s[lo] != s[hi]:
        return 0
    return 1 + grow(lo - 1, hi + 1)


print(sum(grow(c // 2, (c + 1) // 2) for c in range(2 * n - 1)))

# Sorts, then walks two pointers inward, written as a recursive function.
import sys


def count(a, lo, hi, k):
    if lo >= hi:
        return 0
    s = a[lo] + a[hi]
    if s < k:
        return count(a, lo + 1, hi, k)
    if s > k:
        return count(a, lo, hi - 1, k)
    if a[lo] == a[hi]:
        m = hi - lo + 1
        return m * (m - 1) // 2
    i = lo
    while a[i] == a[lo]:
        i += 1
    j = hi
    while a[j] == a[hi]:
        j -= 1
    return (i - lo) * (hi - j) + count(a, i, j, k)


data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
print(count(sorted(map(int, data[2:2 + n])), 0, n - 1, k))

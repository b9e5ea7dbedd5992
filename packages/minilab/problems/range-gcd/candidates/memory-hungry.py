# Precomputes the gcd of every range a[l..r], row by row.
import sys
from math import gcd
from itertools import accumulate

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
rows = [list(accumulate(a[l:], gcd)) for l in range(n)]
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(rows[l - 1][r - l])
print("\n".join(map(str, out)))

# Precomputes the answer for every (l, r) pair, row by row.
import sys
from itertools import accumulate

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
table = [list(accumulate(a[i:])) for i in range(n)]
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(table[l - 1][r - l])
print("\n".join(map(str, out)))

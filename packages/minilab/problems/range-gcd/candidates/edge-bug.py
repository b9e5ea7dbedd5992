# Sparse table with a shortcut for single-element queries.
import sys
from math import gcd

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
table = [a]
j = 1
while (1 << j) <= n:
    prev, half = table[-1], 1 << (j - 1)
    table.append([gcd(prev[i], prev[i + half]) for i in range(n - (1 << j) + 1)])
    j += 1
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    if l == r:
        out.append(a[l] if l < n else a[-1])
        continue
    k = (r - l + 1).bit_length() - 1
    out.append(gcd(table[k][l - 1], table[k][r - (1 << k)]))
print("\n".join(map(str, out)))

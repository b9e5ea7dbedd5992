# Sparse table with a precomputed table of floor(log2(length)).
import sys
from math import gcd

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
lg = [0] * n
for i in range(2, n):
    lg[i] = lg[i // 2] + 1
table = [a]
for j in range(1, lg[n - 1] + 2):
    prev, half = table[-1], 1 << (j - 1)
    if (1 << j) > n:
        break
    table.append([gcd(prev[i], prev[i + half]) for i in range(n - (1 << j) + 1)])
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]) - 1, int(data[pos + 1]) - 1
    pos += 2
    k = lg[r - l + 1]
    out.append(gcd(table[k][l], table[k][r - (1 << k) + 1]))
print("\n".join(map(str, out)))

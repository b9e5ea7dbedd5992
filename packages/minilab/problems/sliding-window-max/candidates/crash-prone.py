# Sparse table of maxima over power-of-two lengths.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
log = [0] * n
for i in range(2, n):
    log[i] = log[i // 2] + 1
table = [a]
j = 1
while (1 << j) <= n:
    prev = table[-1]
    half = 1 << (j - 1)
    table.append([max(prev[i], prev[i + half]) for i in range(n - (1 << j) + 1)])
    j += 1
lev = log[k]
row = table[lev]
span = 1 << lev
print(*[max(row[i], row[i + k - span]) for i in range(n - k + 1)])

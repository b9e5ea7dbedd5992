# Inclusive prefix sums; the l == 1 case reads pre[-1].
import sys

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
pre = a[:]
for i in range(1, n):
    pre[i] += pre[i - 1]
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(pre[r - 1] - pre[l - 2] if l >= 1 else pre[r - 1])
print("\n".join(map(str, out)))

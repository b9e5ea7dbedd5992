import sys
from math import gcd

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
a = [int(x) for x in data[2:2 + n]]
# Segment tree, iterative, size a power of two; gcd(0, x) = x pads the leaves.
size = 1
while size < n:
    size *= 2
tree = [0] * (2 * size)
tree[size:size + n] = a
for i in range(size - 1, 0, -1):
    tree[i] = gcd(tree[2 * i], tree[2 * i + 1])
out = []
pos = 2 + n
for _ in range(q):
    lo, hi = int(data[pos]) - 1 + size, int(data[pos + 1]) + size
    pos += 2
    g = 0
    while lo < hi:
        if lo & 1:
            g = gcd(g, tree[lo])
            lo += 1
        if hi & 1:
            hi -= 1
            g = gcd(g, tree[hi])
        lo //= 2
        hi //= 2
    out.append(g)
print("\n".join(map(str, out)))

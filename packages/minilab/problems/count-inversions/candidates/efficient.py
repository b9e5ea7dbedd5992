# Fenwick tree over value ranks, scanning from the right.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
rank = {v: i + 1 for i, v in enumerate(sorted(set(a)))}
m = len(rank)
tree = [0] * (m + 1)
inv = 0
for x in reversed(a):
    r = rank[x] - 1
    while r > 0:
        inv += tree[r]
        r -= r & -r
    r = rank[x]
    while r <= m:
        tree[r] += 1
        r += r & -r
print(inv)

# Fenwick tree indexed by the raw value (no coordinate compression), scanning from the right.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
size = max(a) + 1
tree = [0] * (size + 1)
inv = 0
for x in reversed(a):
    r = x  # values 0..x-1 live at positions 1..x
    while r > 0:
        inv += tree[r]
        r -= r & -r
    r = x + 1
    while r <= size:
        tree[r] += 1
        r += r & -r
print(inv)

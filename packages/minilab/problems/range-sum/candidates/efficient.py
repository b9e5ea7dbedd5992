# Prefix sums, one pass over the queries.
import sys
from itertools import accumulate

data = sys.stdin.buffer.read().split()
n, q = int(data[0]), int(data[1])
pre = list(accumulate(map(int, data[2:2 + n]), initial=0))
it = iter(map(int, data[2 + n:2 + n + 2 * q]))
print("\n".join(str(pre[r] - pre[l - 1]) for l, r in zip(it, it)))

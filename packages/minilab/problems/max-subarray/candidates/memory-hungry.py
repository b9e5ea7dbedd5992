# Lists the sum of every subarray from prefix sums and takes the maximum.
import sys
from itertools import accumulate

data = sys.stdin.buffer.read().split()
n = int(data[0])
pre = list(accumulate(map(int, data[1:1 + n]), initial=0))
print(max([pre[j] - pre[i] for i in range(n) for j in range(i + 1, n + 1)]))

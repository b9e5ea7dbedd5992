# Patience sorting: smallest possible tail for each length, binary search.
import sys
from bisect import bisect_left

data = sys.stdin.buffer.read().split()
n = int(data[0])
tails = []
for x in map(int, data[1:1 + n]):
    i = bisect_left(tails, x)
    tails[i:i + 1] = [x]
print(len(tails))

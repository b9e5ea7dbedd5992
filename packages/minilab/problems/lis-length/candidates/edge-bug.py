# Patience sorting with a sentinel tail in front, so the search never sees an empty list.
import sys
from bisect import bisect_left

data = sys.stdin.buffer.read().split()
n = int(data[0])
tails = [0]
for x in map(int, data[1:1 + n]):
    i = bisect_left(tails, x)
    if i == len(tails):
        tails.append(x)
    elif i > 0:
        tails[i] = x
print(len(tails) - 1)

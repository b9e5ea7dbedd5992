# One pass with a counter of the values seen so far.
import sys
from collections import Counter

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
seen = Counter()
total = 0
for x in map(int, data[2:2 + n]):
    total += seen[k - x]
    seen[x] += 1
print(total)

# Multiplies the counts of complementary values, then halves for double counting.
import sys
from collections import Counter

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
cnt = Counter(map(int, data[2:2 + n]))
print(sum(c * cnt.get(k - x, 0) for x, c in cnt.items()) // 2)

# Counting sort over the value range.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
lo = min(a)
count = [0] * (max(a) - lo + 1)
for x in a:
    count[x - lo] += 1
seen = 0
for v, c in enumerate(count):
    seen += c
    if seen >= k:
        print(v + lo)
        break

# Presence table covering the whole value range min..max.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
lo = min(a)
present = [False] * (max(a) - lo + 1)
for x in a:
    present[x - lo] = True
print(sum(present))

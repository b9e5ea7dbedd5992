# Monotone deque of values; the front leaves when the value leaving the window equals it.
import sys
from collections import deque

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
dq = deque()
res = []
for i in range(n):
    while dq and dq[-1] <= a[i]:
        dq.pop()
    dq.append(a[i])
    if i >= k and dq[0] == a[i - k]:
        dq.popleft()
    if i + 1 >= k:
        res.append(dq[0])
print(*res)

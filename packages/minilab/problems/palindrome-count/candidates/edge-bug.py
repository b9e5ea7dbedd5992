# Manacher's algorithm over the centres of the string.
import sys

s = sys.stdin.readline().strip()
n = len(s)
d = [0] * n
l, r = 0, -1
for i in range(n):
    k = 1 if i > r else min(d[l + r - i], r - i + 1)
    while i - k >= 0 and i + k < n and s[i - k] == s[i + k]:
        k += 1
    d[i] = k
    if i + k - 1 > r:
        l, r = i - k + 1, i + k - 1
print(sum(d))

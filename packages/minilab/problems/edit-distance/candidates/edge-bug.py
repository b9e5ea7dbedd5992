# Strips the common prefix and suffix first, then two-row dynamic programming on the middle.
import sys

s = sys.stdin.readline().strip()
t = sys.stdin.readline().strip()
p = 0
while p < len(s) and p < len(t) and s[p] == t[p]:
    p += 1
k = 0
while k < min(len(s), len(t)) and s[len(s) - 1 - k] == t[len(t) - 1 - k]:
    k += 1
s, t = s[p:len(s) - k], t[p:len(t) - k]
prev = list(range(len(t) + 1))
for i in range(1, len(s) + 1):
    cur = [i] * (len(t) + 1)
    for j in range(1, len(t) + 1):
        cur[j] = min(prev[j - 1] + (s[i - 1] != t[j - 1]), prev[j] + 1, cur[j - 1] + 1)
    prev = cur
print(prev[-1])

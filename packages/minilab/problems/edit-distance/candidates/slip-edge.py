# Two-row dynamic programming.
# Slip: prints the last row computed, which does not exist when s is empty.
import sys

s = sys.stdin.readline().strip()
t = sys.stdin.readline().strip()
prev = list(range(len(t) + 1))
for i in range(1, len(s) + 1):
    cur = [i] * (len(t) + 1)
    si = s[i - 1]
    for j in range(1, len(t) + 1):
        cost = prev[j - 1] if si == t[j - 1] else prev[j - 1] + 1
        cur[j] = min(cost, prev[j] + 1, cur[j - 1] + 1)
    prev = cur
print(cur[-1])

# Two-row dynamic programming.
# Slip: reads at most 1000 characters of the first line (|s| <= 1000), forgetting its newline.
import sys

s = sys.stdin.readline(1000).strip()
t = sys.stdin.readline().strip()
prev = list(range(len(t) + 1))
for i in range(1, len(s) + 1):
    cur = [i] * (len(t) + 1)
    si = s[i - 1]
    for j in range(1, len(t) + 1):
        cost = prev[j - 1] if si == t[j - 1] else prev[j - 1] + 1
        cur[j] = min(cost, prev[j] + 1, cur[j - 1] + 1)
    prev = cur
print(prev[-1])

import sys

s = sys.stdin.readline().strip()
t = "^#" + "#".join(s) + "#$"
p = [0] * len(t)
center = right = 0
for i in range(1, len(t) - 1):
    if i < right:
        p[i] = min(right - i, p[2 * center - i])
    while t[i + p[i] + 1] == t[i - p[i] - 1]:
        p[i] += 1
    if i + p[i] > right:
        center, right = i, i + p[i]
print(sum((r + 1) // 2 for r in p))

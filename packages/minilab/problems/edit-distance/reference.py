import sys

lines = sys.stdin.read().split("\n")
s, t = lines[0].strip(), lines[1].strip()
prev = list(range(len(t) + 1))
for i, a in enumerate(s, 1):
    cur = [i] + [0] * len(t)
    for j, b in enumerate(t, 1):
        cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a != b))
    prev = cur
print(prev[len(t)])

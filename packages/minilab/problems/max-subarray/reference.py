import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
best = None
cur = 0
for tok in data[1:1 + n]:
    x = int(tok)
    cur = x if cur < 0 else cur + x
    if best is None or cur > best:
        best = cur
print(best)

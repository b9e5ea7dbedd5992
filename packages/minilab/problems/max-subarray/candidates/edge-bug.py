# Kadane's algorithm with the running sum reset at zero.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
best = cur = 0
for tok in data[1:1 + n]:
    cur = max(0, cur + int(tok))
    best = max(best, cur)
print(best)

# Sort by left end, sweep, extend the current block while the next one starts inside it.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
vals = list(map(int, data[1:1 + 2 * n]))
iv = sorted(zip(vals[0::2], vals[1::2]))
merged = []
for l, r in iv:
    if merged and l <= merged[-1][1]:
        if r > merged[-1][1]:
            merged[-1][1] = r
    else:
        merged.append([l, r])
print(len(merged), sum(r - l for l, r in merged))

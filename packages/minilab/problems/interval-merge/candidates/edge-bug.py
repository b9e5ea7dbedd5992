# Sort by left end and sweep.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
vals = list(map(int, data[1:1 + 2 * n]))
iv = sorted(zip(vals[0::2], vals[1::2]))
merged = [list(iv[0])]
for l, r in iv[1:]:
    if l < merged[-1][1]:
        merged[-1][1] = max(merged[-1][1], r)
    else:
        merged.append([l, r])
print(len(merged), sum(r - l for l, r in merged))

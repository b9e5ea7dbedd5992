# Patience sorting that builds an actual subsequence for every element (to print one if asked).
import sys
from bisect import bisect_left

data = sys.stdin.buffer.read().split()
n = int(data[0])
tails = []
best_seq = []  # best_seq[k]: an increasing subsequence of length k + 1 with the smallest tail
built = []
for x in map(int, data[1:1 + n]):
    i = bisect_left(tails, x)
    seq = (best_seq[i - 1] if i > 0 else []) + [x]
    built.append(seq)
    if i == len(tails):
        tails.append(x)
        best_seq.append(seq)
    else:
        tails[i] = x
        best_seq[i] = seq
print(len(tails))

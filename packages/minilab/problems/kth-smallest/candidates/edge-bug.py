# Sorts the distinct values and indexes.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
values = sorted(set(map(int, data[2:2 + n])))
print(values[min(k, len(values)) - 1])

import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
print(sorted(int(x) for x in data[2:2 + n])[k - 1])

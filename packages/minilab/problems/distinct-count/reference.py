import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
print(len(set(int(x) for x in data[1:1 + n])))

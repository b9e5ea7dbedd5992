# heapq.nsmallest keeps a heap of size k.
import sys
import heapq

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
print(heapq.nsmallest(k, map(int, data[2:2 + n]))[-1])

# Lists the sum of every pair and counts the ones equal to k.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
sums = [a[i] + a[j] for i in range(n) for j in range(i + 1, n)]
print(sums.count(k))

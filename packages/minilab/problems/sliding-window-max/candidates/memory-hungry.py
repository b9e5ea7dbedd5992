# Materialises every window, then takes their maxima.
import sys

data = sys.stdin.buffer.read().split()
n, k = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
windows = [a[i:i + k] for i in range(n - k + 1)]
print(*map(max, windows))

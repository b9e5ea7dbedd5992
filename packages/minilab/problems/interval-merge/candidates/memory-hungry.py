# Paints every unit segment on a line covering min(l)..max(r), then reads off the blocks.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
vals = list(map(int, data[1:1 + 2 * n]))
lo = min(vals)
size = max(vals) - lo
diff = [0] * (size + 2)
points = set()
for i in range(n):
    l, r = vals[2 * i] - lo, vals[2 * i + 1] - lo
    diff[l] += 1
    diff[r] -= 1
    points.add(l)
cover = [0] * (size + 1)
run = 0
for x in range(size + 1):
    run += diff[x]
    cover[x] = run
count = total = 0
x = 0
while x <= size:
    if cover[x] > 0 or x in points:
        count += 1
        start = x
        while x <= size and cover[x] > 0:
            x += 1
        total += x - start
    x += 1
print(count, total)

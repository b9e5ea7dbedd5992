import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
iv = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])) for i in range(n))
count, total = 0, 0
cur_l, cur_r = iv[0]
for l, r in iv[1:]:
    if l <= cur_r:
        cur_r = max(cur_r, r)
    else:
        count += 1
        total += cur_r - cur_l
        cur_l, cur_r = l, r
count += 1
total += cur_r - cur_l
print(count, total)

# Walks down from the highest power of two not above N.
q = int(input())
for _ in range(q):
    n = int(input())
    total = 0
    top = 1 << (n.bit_length() - 1)
    k = n.bit_length() - 1
    while n > 0:
        while top > n:
            top >>= 1
            k -= 1
        total += k * (top >> 1) + (n - top + 1)
        n -= top
    print(total)

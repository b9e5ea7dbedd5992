# Per-bit counting: bit b is set in half of every block of 2^(b+1) numbers.
import sys

q = int(sys.stdin.readline())
for _ in range(q):
    n = int(sys.stdin.readline())
    total = 0
    for b in range(n.bit_length()):
        period = 2 ** (b + 1)
        full = int((n + 1) / period)
        total += full * (period // 2) + max(0, (n + 1) % period - period // 2)
    print(total)

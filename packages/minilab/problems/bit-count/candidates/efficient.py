# Recursion on the highest set bit: f(2^k - 1) = k * 2^(k-1).
import sys


def f(n):
    if n <= 0:
        return 0
    k = n.bit_length() - 1
    top = 1 << k
    return k * (top >> 1) + (n - top + 1) + f(n - top)


q = int(sys.stdin.readline())
for _ in range(q):
    print(f(int(sys.stdin.readline())))

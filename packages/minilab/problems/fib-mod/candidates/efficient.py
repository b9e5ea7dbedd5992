# 2x2 matrix exponentiation.
import sys


def mul(x, y, m):
    return [
        [(x[0][0] * y[0][0] + x[0][1] * y[1][0]) % m, (x[0][0] * y[0][1] + x[0][1] * y[1][1]) % m],
        [(x[1][0] * y[0][0] + x[1][1] * y[1][0]) % m, (x[1][0] * y[0][1] + x[1][1] * y[1][1]) % m],
    ]


def fib(n, m):
    result = [[1 % m, 0], [0, 1 % m]]
    base = [[1, 1], [1, 0]]
    while n:
        if n & 1:
            result = mul(result, base, m)
        base = mul(base, base, m)
        n >>= 1
    return result[0][1]


q = int(sys.stdin.readline())
for _ in range(q):
    n, m = map(int, sys.stdin.readline().split())
    print(fib(n, m))

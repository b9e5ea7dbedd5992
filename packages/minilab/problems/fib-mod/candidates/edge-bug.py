# Fast doubling, recursive on n / 2.
import sys


def fd(n, m):
    if n == 0:
        return 0, 1
    a, b = fd(int(n / 2), m)
    c = a * (2 * b - a) % m
    d = (a * a + b * b) % m
    return (d, (c + d) % m) if n % 2 else (c, d)


q = int(sys.stdin.readline())
for _ in range(q):
    n, m = map(int, sys.stdin.readline().split())
    print(fd(n, m)[0] % m)

import sys


def fib_pair(n, m):
    # (F(n), F(n+1)) mod m by fast doubling, most significant bit first.
    a, b = 0, 1
    for bit in bin(n)[2:]:
        c = a * ((2 * b - a) % m) % m
        d = (a * a + b * b) % m
        a, b = (d, (c + d) % m) if bit == "1" else (c, d)
    return a % m


data = sys.stdin.read().split()
q = int(data[0])
print("\n".join(str(fib_pair(int(data[1 + 2 * i]), int(data[2 + 2 * i]))) for i in range(q)))

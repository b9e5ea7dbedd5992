import sys


def ones_up_to(n):
    # Bit b is set in (n+1) // 2^(b+1) full periods of length 2^(b+1), plus the tail.
    total = 0
    b = 0
    while (1 << b) <= n:
        period = 1 << (b + 1)
        total += (n + 1) // period * (1 << b) + max(0, (n + 1) % period - (1 << b))
        b += 1
    return total


data = sys.stdin.read().split()
print("\n".join(str(ones_up_to(int(x))) for x in data[1:1 + int(data[0])]))

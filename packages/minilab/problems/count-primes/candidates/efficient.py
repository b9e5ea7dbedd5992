# Sieve of Eratosthenes over a bytearray, odd numbers only.
n = int(input())
if n < 2:
    print(0)
else:
    half = (n + 1) // 2  # index i stands for 2*i + 1
    odd = bytearray([1]) * half
    odd[0] = 0
    i = 1
    while (2 * i + 1) ** 2 <= n:
        if odd[i]:
            p = 2 * i + 1
            start = p * p // 2
            odd[start::p] = bytes(len(range(start, half, p)))
        i += 1
    print(1 + odd.count(1))

# Sieve of Eratosthenes over a bytearray.
n = int(input())
sieve = bytearray([1]) * max(n, 2)
sieve[0] = sieve[1] = 0
for i in range(2, int(n ** 0.5) + 1):
    if sieve[i]:
        sieve[i * i::i] = bytes(len(range(i * i, len(sieve), i)))
print(sum(sieve))

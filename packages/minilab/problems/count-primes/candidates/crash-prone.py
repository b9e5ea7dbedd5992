# Sieve of Eratosthenes over a bytearray of size n + 1.
n = int(input())
sieve = bytearray([1]) * (n + 1)
sieve[0] = sieve[1] = 0
for i in range(2, int(n ** 0.5) + 1):
    if sieve[i]:
        sieve[i * i::i] = bytes(len(range(i * i, n + 1, i)))
print(sum(sieve))

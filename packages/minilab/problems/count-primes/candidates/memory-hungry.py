# Sieve over a list of booleans, then collects the primes into a list.
n = int(input())
is_prime = [True] * (n + 1)
for i in range(2, n + 1):
    if i * i > n:
        break
    if is_prime[i]:
        for j in range(i * i, n + 1, i):
            is_prime[j] = False
primes = [i for i in range(2, n + 1) if is_prime[i]]
print(len(primes))

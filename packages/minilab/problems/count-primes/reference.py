import sys

N = int(sys.stdin.read())
if N < 2:
    print(0)
else:
    sieve = bytearray([1]) * (N + 1)
    sieve[0] = sieve[1] = 0
    i = 2
    while i * i <= N:
        if sieve[i]:
            sieve[i * i::i] = bytes(len(range(i * i, N + 1, i)))
        i += 1
    print(sum(sieve))

# Counts the bits of every number up to N.
q = int(input())
for _ in range(q):
    n = int(input())
    print(sum(bin(i).count("1") for i in range(n + 1)))

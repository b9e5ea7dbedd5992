# Folds gcd over each query's range.
from math import gcd

n, q = map(int, input().split())
a = list(map(int, input().split()))
for _ in range(q):
    l, r = map(int, input().split())
    g = 0
    for x in a[l - 1:r]:
        g = gcd(g, x)
    print(g)

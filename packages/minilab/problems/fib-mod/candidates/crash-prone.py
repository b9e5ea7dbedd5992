# Memoised recursion on the definition.
from functools import lru_cache

q = int(input())
for _ in range(q):
    n, m = map(int, input().split())

    @lru_cache(maxsize=None)
    def f(k):
        return k % m if k < 2 else (f(k - 1) + f(k - 2)) % m

    print(f(n))

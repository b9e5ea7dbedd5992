# Top-down DP, memoised with lru_cache.
from functools import lru_cache

n, S = map(int, input().split())
coins = sorted(map(int, input().split()))
MOD = 1_000_000_007


@lru_cache(maxsize=None)
def ways(i, s):
    if s == 0:
        return 1
    if i == n or s < 0:
        return 0
    return (ways(i, s - coins[i]) + ways(i + 1, s)) % MOD


print(ways(0, S))

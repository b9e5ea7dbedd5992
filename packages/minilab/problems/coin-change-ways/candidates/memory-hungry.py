# Top-down DP with a dictionary memo keyed by (coin index, remaining amount).
import sys

sys.setrecursionlimit(1 << 20)
n, S = map(int, input().split())
coins = list(map(int, input().split()))
MOD = 1_000_000_007
memo = {}


def ways(i, s):
    if s == 0:
        return 1
    if i == n:
        return 0
    key = (i, s)
    if key not in memo:
        total = ways(i + 1, s)
        if coins[i] <= s:
            total += ways(i, s - coins[i])
        memo[key] = total % MOD
    return memo[key]


print(ways(0, S))

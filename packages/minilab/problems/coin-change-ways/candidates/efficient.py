# One-dimensional DP over amounts, coins in the outer loop.
n, S = map(int, input().split())
coins = list(map(int, input().split()))
MOD = 1_000_000_007
dp = [0] * (S + 1)
dp[0] = 1
for c in coins:
    for s in range(c, S + 1):
        dp[s] = (dp[s] + dp[s - c]) % MOD
print(dp[S])

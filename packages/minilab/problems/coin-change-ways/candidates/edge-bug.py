# One-dimensional DP over amounts, reducing modulo at the end.
n, S = map(int, input().split())
coins = list(map(int, input().split()))
dp = [0] * (S + 1)
dp[0] = 1
for c in coins:
    for s in range(c, S + 1):
        dp[s] += dp[s - c]
print(dp[S] if dp[S] < 2 ** 63 else dp[S] % 1_000_000_007)

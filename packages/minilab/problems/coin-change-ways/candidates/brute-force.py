# DP over coins, trying every count of the current coin.
n, S = map(int, input().split())
coins = list(map(int, input().split()))
MOD = 1_000_000_007
dp = [1] + [0] * S
for c in coins:
    new = [0] * (S + 1)
    for s in range(S + 1):
        total = 0
        k = 0
        while k * c <= s:
            total += dp[s - k * c]
            k += 1
        new[s] = total % MOD
    dp = new
print(dp[S])

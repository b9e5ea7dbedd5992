# One-dimensional DP over capacities, iterating capacities downwards.
# Slip: the table is sized for W <= 5 * 10^3; W goes up to 10^4.
n, W = map(int, input().split())
dp = [0] * 5001
for _ in range(n):
    w, v = map(int, input().split())
    for c in range(W, w - 1, -1):
        if dp[c - w] + v > dp[c]:
            dp[c] = dp[c - w] + v
print(dp[W])

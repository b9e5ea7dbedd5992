# One-dimensional DP over capacities, iterating capacities downwards.
# Slip: iterates capacities upwards, so an item can be taken more than once.
n, W = map(int, input().split())
dp = [0] * (W + 1)
for _ in range(n):
    w, v = map(int, input().split())
    for c in range(w, W + 1):
        if dp[c - w] + v > dp[c]:
            dp[c] = dp[c - w] + v
print(dp[W])

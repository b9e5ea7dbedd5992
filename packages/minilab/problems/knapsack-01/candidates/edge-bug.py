# One-dimensional DP over capacities, iterating capacities downwards.
n, W = map(int, input().split())
dp = [0] * (W + 1)
for _ in range(n):
    w, v = map(int, input().split())
    for c in range(W, w, -1):
        dp[c] = max(dp[c], dp[c - w] + v)
print(dp[W])

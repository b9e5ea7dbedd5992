# Considers items by value density first, then the usual DP over capacities.
n, W = map(int, input().split())
items = [tuple(map(int, input().split())) for _ in range(n)]
items.sort(key=lambda it: it[1] / it[0], reverse=True)
dp = [0] * (W + 1)
for w, v in items:
    for c in range(W, w - 1, -1):
        if dp[c - w] + v > dp[c]:
            dp[c] = dp[c - w] + v
print(dp[W])

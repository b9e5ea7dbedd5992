# Memoised depth-first search: the longest path starting at each vertex.
import sys

data = sys.stdin.buffer.read().split()
n, m = int(data[0]), int(data[1])
adj = [[] for _ in range(n + 1)]
for i in range(m):
    adj[int(data[2 + 2 * i])].append(int(data[3 + 2 * i]))
memo = [-1] * (n + 1)


def longest_from(u):
    if memo[u] < 0:
        memo[u] = max((longest_from(v) + 1 for v in adj[u]), default=0)
    return memo[u]


print(max(longest_from(v) for v in range(1, n + 1)))

# Top-down dynamic programming with a dictionary memo.
import sys

sys.setrecursionlimit(1 << 20)
s = sys.stdin.readline().strip()
t = sys.stdin.readline().strip()
memo = {}


def d(i, j):
    if i == len(s):
        return len(t) - j
    if j == len(t):
        return len(s) - i
    key = (i, j)
    if key in memo:
        return memo[key]
    if s[i] == t[j]:
        r = d(i + 1, j + 1)
    else:
        r = 1 + min(d(i + 1, j), d(i, j + 1), d(i + 1, j + 1))
    memo[key] = r
    return r


print(d(0, 0))

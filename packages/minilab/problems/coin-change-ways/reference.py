import sys

MOD = 10 ** 9 + 7
data = sys.stdin.read().split()
n, S = int(data[0]), int(data[1])
ways = [1] + [0] * S
for c in map(int, data[2:2 + n]):
    for s in range(c, S + 1):
        ways[s] = (ways[s] + ways[s - c]) % MOD
print(ways[S])

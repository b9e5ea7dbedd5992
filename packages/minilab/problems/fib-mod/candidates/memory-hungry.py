# Tabulates F(0..n) mod m.
q = int(input())
for _ in range(q):
    n, m = map(int, input().split())
    f = [0, 1 % m]
    for i in range(2, n + 1):
        f.append((f[-1] + f[-2]) % m)
    print(f[n])

# Iterates the recurrence n times.
q = int(input())
for _ in range(q):
    n, m = map(int, input().split())
    a, b = 0, 1
    for _ in range(n):
        a, b = b, (a + b) % m
    print(a % m)

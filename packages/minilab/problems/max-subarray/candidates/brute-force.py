# Tries every start and extends the subarray to the right.
n = int(input())
a = list(map(int, input().split()))
best = a[0]
for i in range(n):
    s = 0
    for j in range(i, n):
        s += a[j]
        if s > best:
            best = s
print(best)

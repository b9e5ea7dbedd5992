# Removes the minimum k - 1 times.
n, k = map(int, input().split())
a = list(map(int, input().split()))
for _ in range(k - 1):
    a.remove(min(a))
print(min(a))

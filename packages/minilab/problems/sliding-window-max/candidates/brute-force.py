# Takes the max of every window.
n, k = map(int, input().split())
a = list(map(int, input().split()))
print(*[max(a[i:i + k]) for i in range(n - k + 1)])

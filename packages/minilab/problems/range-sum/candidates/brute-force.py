# Sums every query's slice directly: O(n) per query.
n, q = map(int, input().split())
a = list(map(int, input().split()))
res = []
for _ in range(q):
    l, r = map(int, input().split())
    res.append(sum(a[l - 1:r]))
print("\n".join(map(str, res)))

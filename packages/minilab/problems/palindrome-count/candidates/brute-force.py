# Expands around each of the 2n - 1 centres.
s = input().strip()
n = len(s)
count = 0
for c in range(2 * n - 1):
    lo, hi = c // 2, (c + 1) // 2
    while lo >= 0 and hi < n and s[lo] == s[hi]:
        count += 1
        lo -= 1
        hi += 1
print(count)

# Interval DP table: pal[i][j] is true when s[i..j] is a palindrome.
s = input().strip()
n = len(s)
pal = [[False] * n for _ in range(n)]
count = 0
for length in range(1, n + 1):
    for i in range(n - length + 1):
        j = i + length - 1
        if s[i] == s[j] and (length <= 2 or pal[i + 1][j - 1]):
            pal[i][j] = True
            count += 1
print(count)

# Keeps a list of the values seen so far and scans it for each new value.
n = int(input())
a = list(map(int, input().split()))
seen = []
for x in a:
    if x not in seen:
        seen.append(x)
print(len(seen))

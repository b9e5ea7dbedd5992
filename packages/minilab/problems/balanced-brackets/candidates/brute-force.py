# Deletes adjacent matching pairs until nothing changes.
t = int(input())
for _ in range(t):
    s = input().strip()
    while True:
        r = s.replace("()", "").replace("[]", "").replace("{}", "")
        if r == s:
            break
        s = r
    print("YES" if s == "" else "NO")

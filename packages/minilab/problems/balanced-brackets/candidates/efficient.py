# Stack of open brackets.
import sys

match = {")": "(", "]": "[", "}": "{"}
t = int(sys.stdin.readline())
for _ in range(t):
    s = sys.stdin.readline().strip()
    st = []
    good = True
    for c in s:
        if c in "([{":
            st.append(c)
        elif st and st[-1] == match[c]:
            st.pop()
        else:
            good = False
            break
    print("YES" if good and not st else "NO")

# Stack-based check that keeps a snapshot of the stack after every character (for tracing).
import sys

match = {")": "(", "]": "[", "}": "{"}
t = int(sys.stdin.readline())
for _ in range(t):
    s = sys.stdin.readline().strip()
    st = []
    history = []
    good = True
    for c in s:
        if c in "([{":
            st.append(c)
        elif st and st[-1] == match[c]:
            st.pop()
        else:
            good = False
            break
        history.append(st[:])
    print("YES" if good and not st else "NO")

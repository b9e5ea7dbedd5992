import sys

PAIR = {")": "(", "]": "[", "}": "{"}
lines = sys.stdin.read().split()
t = int(lines[0])
out = []
for s in lines[1:1 + t]:
    stack = []
    ok = True
    for ch in s:
        if ch in PAIR:
            if not stack or stack[-1] != PAIR[ch]:
                ok = False
                break
            stack.pop()
        else:
            stack.append(ch)
    out.append("YES" if ok and not stack else "NO")
print("\n".join(out))

# One depth counter per bracket kind; each must never go negative and must end at zero.
import sys

t = int(sys.stdin.readline())
for _ in range(t):
    s = sys.stdin.readline().strip()
    depth = {"(": 0, "[": 0, "{": 0}
    opener = {")": "(", "]": "[", "}": "{"}
    ok = True
    for c in s:
        if c in depth:
            depth[c] += 1
        else:
            depth[opener[c]] -= 1
            if depth[opener[c]] < 0:
                ok = False
                break
    print("YES" if ok and not any(depth.values()) else "NO")

# Plain recursion on the first characters.
import sys


def dist(s, t):
    if not s:
        return len(t)
    if not t:
        return len(s)
    if s[0] == t[0]:
        return dist(s[1:], t[1:])
    return 1 + min(dist(s[1:], t), dist(s, t[1:]), dist(s[1:], t[1:]))


s = sys.stdin.readline().strip()
t = sys.stdin.readline().strip()
print(dist(s, t))

# Recursive-descent parser: a sequence of groups, each group an opener, a sequence and a closer.
import sys

CLOSE = {"(": ")", "[": "]", "{": "}"}


def sequence(s, i):
    while i < len(s) and s[i] in CLOSE:
        j = sequence(s, i + 1)
        if j < 0 or j >= len(s) or s[j] != CLOSE[s[i]]:
            return -1
        i = j + 1
    return i


t = int(sys.stdin.readline())
for _ in range(t):
    s = sys.stdin.readline().strip()
    end = sequence(s, 0)
    print("YES" if end == len(s) else "NO")

# Repeatedly merges any overlapping pair until no pair overlaps.
n = int(input())
iv = [list(map(int, input().split())) for _ in range(n)]
changed = True
while changed:
    changed = False
    out = []
    for l, r in iv:
        for blk in out:
            if l <= blk[1] and blk[0] <= r:
                blk[0] = min(blk[0], l)
                blk[1] = max(blk[1], r)
                changed = True
                break
        else:
            out.append([l, r])
    iv = out
print(len(iv), sum(r - l for l, r in iv))

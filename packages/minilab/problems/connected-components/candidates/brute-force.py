# Grows each component layer by layer, scanning the whole edge list for every layer.
n, m = map(int, input().split())
edges = [tuple(map(int, input().split())) for _ in range(m)]
comp = [0] * (n + 1)
count = 0
for s in range(1, n + 1):
    if comp[s]:
        continue
    count += 1
    comp[s] = count
    frontier = {s}
    while frontier:
        nxt = set()
        for u, v in edges:
            if u in frontier and not comp[v]:
                comp[v] = count
                nxt.add(v)
            elif v in frontier and not comp[u]:
                comp[u] = count
                nxt.add(u)
        frontier = nxt
print(count)

import sys


def sort_count(a):
    if len(a) <= 1:
        return a, 0
    mid = len(a) // 2
    left, x = sort_count(a[:mid])
    right, y = sort_count(a[mid:])
    merged = []
    inv = x + y
    i = j = 0
    while i < len(left) and j < len(right):
        if right[j] < left[i]:
            merged.append(right[j])
            inv += len(left) - i
            j += 1
        else:
            merged.append(left[i])
            i += 1
    merged += left[i:]
    merged += right[j:]
    return merged, inv


data = sys.stdin.buffer.read().split()
n = int(data[0])
print(sort_count([int(x) for x in data[1:1 + n]])[1])

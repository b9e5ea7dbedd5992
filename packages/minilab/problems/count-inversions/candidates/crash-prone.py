# Fast path for sorted input, otherwise merge sort counting.
import sys


def sort_count(a):
    if len(a) <= 1:
        return a, 0
    mid = len(a) // 2
    left, x = sort_count(a[:mid])
    right, y = sort_count(a[mid:])
    merged, inv, i, j = [], x + y, 0, 0
    while i < len(left) and j < len(right):
        if right[j] < left[i]:
            merged.append(right[j])
            inv += len(left) - i
            j += 1
        else:
            merged.append(left[i])
            i += 1
    return merged + left[i:] + right[j:], inv


data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:1 + n]))
if all(a[i] <= a[i + 1] for i in range(n)):
    print(0)
else:
    print(sort_count(a)[1])

# Merge sort that counts while merging.
import sys


def sort_count(a):
    if len(a) <= 1:
        return a, 0
    mid = len(a) // 2
    left, x = sort_count(a[:mid])
    right, y = sort_count(a[mid:])
    merged, inv, i, j = [], x + y, 0, 0
    while i < len(left) and j < len(right):
        if left[i] < right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            inv += len(left) - i
            j += 1
    return merged + left[i:] + right[j:], inv


data = sys.stdin.buffer.read().split()
print(sort_count(list(map(int, data[1:1 + int(data[0])])))[1])

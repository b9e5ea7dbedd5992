# Writes out every number in binary and counts the ones in the whole text.
q = int(input())
for _ in range(q):
    n = int(input())
    text = "".join([bin(i)[2:] for i in range(n + 1)])
    print(text.count("1"))

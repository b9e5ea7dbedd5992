# Fixed-size presence table indexed by the low 20 bits of the value.
import sys

data = sys.stdin.buffer.read().split()
n = int(data[0])
MASK = (1 << 20) - 1
present = bytearray(1 << 20)
count = 0
for tok in data[1:1 + n]:
    h = int(tok) & MASK
    if not present[h]:
        present[h] = 1
        count += 1
print(count)

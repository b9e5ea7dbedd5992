// A minimal unpickler: enough to read what LiveCodeBench stores in `private_test_cases`
// (`base64(zlib(pickle.dumps(json_string)))`), i.e. one str. Anything else is rejected.

export function unpickleString(data: Uint8Array): string {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const dec = new TextDecoder('utf-8');
  const stack: unknown[] = [];
  const memo: unknown[] = [];
  let i = 0;
  const take = (n: number): Uint8Array => {
    if (i + n > data.length) throw new Error('pickle: truncated');
    const out = data.subarray(i, i + n);
    i += n;
    return out;
  };
  const u32 = () => {
    const v = view.getUint32(i, true);
    i += 4;
    return v;
  };
  const u64 = () => {
    const v = Number(view.getBigUint64(i, true));
    i += 8;
    return v;
  };
  while (i < data.length) {
    const op = data[i++]!;
    switch (op) {
      case 0x80:
        i += 1;
        break; // PROTO n
      case 0x95:
        i += 8;
        break; // FRAME len
      case 0x8c: {
        const n = data[i++]!;
        stack.push(dec.decode(take(n)));
        break;
      } // SHORT_BINUNICODE
      case 0x58:
        stack.push(dec.decode(take(u32())));
        break; // BINUNICODE
      case 0x8d:
        stack.push(dec.decode(take(u64())));
        break; // BINUNICODE8
      case 0x56: {
        // UNICODE (protocol 0): raw-unicode-escape text up to newline
        const end = data.indexOf(0x0a, i);
        if (end < 0) throw new Error('pickle: truncated');
        const raw = Buffer.from(data.subarray(i, end)).toString('latin1'); // raw-unicode-escape
        i = end + 1;
        stack.push(
          raw.replace(/\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})/g, (_, a, b) =>
            String.fromCodePoint(parseInt(a ?? b, 16)),
          ),
        );
        break;
      }
      case 0x94:
        memo.push(stack[stack.length - 1]);
        break; // MEMOIZE
      case 0x71:
        i += 1;
        break; // BINPUT
      case 0x72:
        i += 4;
        break; // LONG_BINPUT
      case 0x70: {
        const end = data.indexOf(0x0a, i);
        i = end + 1;
        break;
      } // PUT (protocol 0)
      case 0x2e: {
        // STOP
        const v = stack.pop();
        if (typeof v !== 'string') throw new Error('pickle: the object is not a str');
        return v;
      }
      default:
        throw new Error(`pickle: unsupported opcode 0x${op.toString(16)} at byte ${i - 1}`);
    }
  }
  throw new Error('pickle: no STOP opcode');
}

// JSON as Python's `json` module reads it, for comparing a functional answer with the expected one
// the way LiveCodeBench does (`prediction == json.loads(expected)`): integers stay exact (a BigInt
// past 15 digits, where JSON.parse would round anything past 2^53; a number below, which holds
// them exactly and compares with floats as Python does), floats are doubles, `NaN`/`Infinity` are
// accepted, objects keep their keys in a Map.

export type PyValue =
  null | boolean | bigint | number | string | PyValue[] | Map<string, PyValue> | { [key: string]: PyValue };

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const CONSTANTS = Object.entries({
  null: null,
  true: true,
  false: false,
  NaN: NaN,
  Infinity: Infinity,
  '-Infinity': -Infinity,
} as Record<string, PyValue>);

/**
 * Parses `text` as Python's json.loads does; throws SyntaxError on anything else. JSON.parse (native,
 * several times faster) gives the same values when every number is below 2^53 in magnitude and no
 * NaN or Infinity occurs: then its result stands (objects as plain objects).
 */
export function parsePyJson(text: string): PyValue {
  try {
    const v = JSON.parse(text) as PyValue;
    if (exact(v)) return v;
  } catch {
    // NaN, Infinity, or not JSON at all: the parser below says which.
  }
  return parseExactly(text);
}

function exact(v: PyValue): boolean {
  if (typeof v === 'number') return Math.abs(v) < 2 ** 53;
  if (v === null || typeof v !== 'object') return true;
  return (Array.isArray(v) ? v : Object.values(v)).every(exact);
}

function parseExactly(text: string): PyValue {
  let i = 0;
  const fail = (): never => {
    throw new SyntaxError(`invalid JSON at offset ${i}`);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const value = (): PyValue => {
    space();
    const c = text[i];
    if (c === '[') {
      i++;
      const items: PyValue[] = [];
      space();
      if (text[i] === ']') return (i++, items);
      for (;;) {
        items.push(value());
        space();
        if (text[i] === ']') return (i++, items);
        if (text[i++] !== ',') fail();
      }
    }
    if (c === '{') {
      i++;
      const map = new Map<string, PyValue>();
      space();
      if (text[i] === '}') return (i++, map);
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        const key = string();
        space();
        if (text[i++] !== ':') fail();
        map.set(key, value());
        space();
        if (text[i] === '}') return (i++, map);
        if (text[i++] !== ',') fail();
      }
    }
    if (c === '"') return string();
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) {
      for (const [word, v] of CONSTANTS) if (text.startsWith(word, i)) return ((i += word.length), v);
      return fail();
    }
    i += m[0].length;
    // BigInt() of a string is slow (~4 us): only for integers a double may not hold exactly.
    return m[1] === undefined && m[2] === undefined && m[0].length > 15 ? BigInt(m[0]) : Number(m[0]);
  };
  const string = (): string => {
    // The string token as JSON.parse reads it (escapes, no raw control characters).
    const end = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
    end.lastIndex = i;
    const m = end.exec(text) ?? fail();
    i += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const v = value();
  space();
  if (i !== text.length) fail();
  return v;
}

/**
 * Python `==` between two values read by parsePyJson: numbers by exact value (an int equals a
 * float only when the float is that integer; NaN equals nothing), booleans as 1 and 0.
 */
export function pyEqual(a: PyValue, b: PyValue): boolean {
  if (typeof a === 'boolean') a = a ? 1n : 0n;
  if (typeof b === 'boolean') b = b ? 1n : 0n;
  if (typeof a === 'bigint' || typeof a === 'number') return numberEqual(a, b);
  if (a === null || typeof a === 'string') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, k) => pyEqual(x, b[k]!));
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return false;
  const x = entries(a);
  const y = new Map(entries(b));
  return x.length === y.size && x.every(([k, v]) => y.has(k) && pyEqual(v, y.get(k)!));
}

const entries = (o: Map<string, PyValue> | { [key: string]: PyValue }): [string, PyValue][] =>
  o instanceof Map ? [...o] : Object.entries(o);

// An integer is a number only when the double is exact, so number === number is Python's ==.
function numberEqual(a: bigint | number, b: PyValue): boolean {
  if (typeof b !== 'bigint' && typeof b !== 'number') return false;
  if (typeof a === typeof b) return a === b;
  const [int, float] = typeof a === 'bigint' ? [a, b as number] : [b as bigint, a];
  return Number.isInteger(float) && BigInt(float) === int;
}

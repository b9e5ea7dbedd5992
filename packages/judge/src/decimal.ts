// Equality of two strings as Python `decimal.Decimal` values: exact, not floating point.
// Returns undefined when either string is not a valid Decimal literal (LCB then calls it WA).

const DECIMAL = /^([+-])?(?:(\d(?:_?\d)*)?(?:\.(\d(?:_?\d)*)?)?)(?:[eE]([+-]?\d(?:_?\d)*))?$/;
const SPECIAL = /^([+-])?(inf|infinity|s?nan\d*)$/i;

interface Parsed {
  kind: 'finite' | 'inf' | 'nan';
  negative: boolean;
  digits: string; // significant digits, no leading/trailing zeros ('' for zero)
  exponent: bigint; // value = 0.digits * 10^exponent
}

function parse(s: string): Parsed | undefined {
  const special = SPECIAL.exec(s);
  if (special) {
    const negative = special[1] === '-';
    return /inf/i.test(special[2]!)
      ? { kind: 'inf', negative, digits: '', exponent: 0n }
      : { kind: 'nan', negative, digits: '', exponent: 0n };
  }
  const m = DECIMAL.exec(s);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const intPart = (m[2] ?? '').replaceAll('_', '');
  const fracPart = (m[3] ?? '').replaceAll('_', '');
  const exp = BigInt((m[4] ?? '0').replaceAll('_', ''));
  let all = intPart + fracPart;
  let pointAt = BigInt(intPart.length) + exp;
  const lead = all.length - all.replace(/^0+/, '').length;
  all = all.slice(lead);
  pointAt -= BigInt(lead);
  all = all.replace(/0+$/, '');
  return { kind: 'finite', negative: m[1] === '-', digits: all, exponent: all === '' ? 0n : pointAt };
}

export function decimalEqual(a: string, b: string): boolean | undefined {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return undefined;
  if (x.kind === 'nan' || y.kind === 'nan') return false;
  if (x.kind === 'inf' || y.kind === 'inf') return x.kind === y.kind && x.negative === y.negative;
  if (x.digits === '' && y.digits === '') return true; // +0 == -0
  return x.negative === y.negative && x.digits === y.digits && x.exponent === y.exponent;
}

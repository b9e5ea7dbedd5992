import { FAILURE_CLASSES, failureClassOf, type FailureClass } from './failure-class';
import { VERDICTS, type Verdict } from './verdict';

// What a re-judging changed: counts of verdict transitions ("TLE>AC"), kept as a plain record so
// that a job can store them in its params and add to them batch after batch.

export type VerdictChanges = Record<string, number>;

const grouped = new Intl.NumberFormat('en-US');

const KEY = /^([A-Z]+)>([A-Z]+)$/;

/** Counts one sample whose verdict went from `from` to `to`; an unchanged verdict is not recorded. */
export function addVerdictChange(changes: VerdictChanges, from: Verdict, to: Verdict): void {
  if (from === to) return;
  const key = `${from}>${to}`;
  changes[key] = (changes[key] ?? 0) + 1;
}

export interface ClassChange {
  from: FailureClass;
  to: FailureClass;
  count: number;
}

export interface VerdictChangeSummary {
  /** Samples whose verdict changed. */
  changed: number;
  /** Those whose failure class changed, by (from, to), most first. */
  byClass: ClassChange[];
  /** Those whose verdict changed within one class (e.g. TLE to MLE), by verdicts, most first. */
  withinClass: { from: Verdict; to: Verdict; count: number }[];
}

const isVerdict = (v: string | undefined): v is Verdict => VERDICTS.includes(v as Verdict);

/** The changes grouped by failure class (the default mapping); keys that name no verdict are ignored. */
export function summariseVerdictChanges(changes: Readonly<VerdictChanges>): VerdictChangeSummary {
  const byClass = new Map<string, ClassChange>();
  const withinClass: VerdictChangeSummary['withinClass'] = [];
  let changed = 0;
  for (const [key, count] of Object.entries(changes)) {
    const [, from, to] = KEY.exec(key) ?? [];
    if (!isVerdict(from) || !isVerdict(to) || !(count > 0)) continue;
    changed += count;
    const a = failureClassOf(from);
    const b = failureClassOf(to);
    if (a === b) {
      withinClass.push({ from, to, count });
      continue;
    }
    const entry = byClass.get(`${a}>${b}`) ?? { from: a, to: b, count: 0 };
    entry.count += count;
    byClass.set(`${a}>${b}`, entry);
  }
  // Most first; ties in the fixed order of classes and verdicts, so the text never depends on
  // the order the counts were stored in.
  const cls = (c: FailureClass) => FAILURE_CLASSES.indexOf(c);
  const ver = (v: Verdict) => VERDICTS.indexOf(v);
  return {
    changed,
    byClass: [...byClass.values()].sort(
      (x, y) => y.count - x.count || cls(x.from) - cls(y.from) || cls(x.to) - cls(y.to),
    ),
    withinClass: withinClass.sort((x, y) => y.count - x.count || ver(x.from) - ver(y.from) || ver(x.to) - ver(y.to)),
  };
}

/** "12 changed: 9 OPTIMIZATION->SOLVED, 3 CORRECTNESS->OPTIMIZATION (2 within a class: 2 TLE->MLE)". */
export function describeVerdictChanges(changes: Readonly<VerdictChanges>): string {
  const s = summariseVerdictChanges(changes);
  if (s.changed === 0) return 'no verdict changed';
  const parts = s.byClass.map((c) => `${grouped.format(c.count)} ${c.from}->${c.to}`);
  const within = s.withinClass.reduce((n, c) => n + c.count, 0);
  const inner = s.withinClass.map((c) => `${grouped.format(c.count)} ${c.from}->${c.to}`).join(', ');
  const tail = within ? `(${grouped.format(within)} within a class: ${inner})` : '';
  return `${grouped.format(s.changed)} changed: ${[parts.join(', '), tail].filter(Boolean).join(' ')}`;
}

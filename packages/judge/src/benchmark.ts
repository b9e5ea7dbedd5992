import { readFile } from 'node:fs/promises';
import { JudgeInputError } from './errors';
import { lcbProblem } from './lcb';
import { parseReleaseDate } from './release-date';
import { DEFAULT_TIER_COUNT, deriveTiers } from './tiers';
import type { Benchmark, Checker, Limits, Problem } from './types';

export interface LoadBenchmarkOptions {
  /** Tiers to derive for problems whose tests have none (LiveCodeBench). Default 4. */
  tierCount?: number;
}

/** Reads a benchmark file: our own JSON format, or LiveCodeBench problems (JSON array or JSONL). */
export async function loadBenchmark(path: string, options: LoadBenchmarkOptions = {}): Promise<Benchmark> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new JudgeInputError(`benchmark ${path}: ${(err as Error).message}`);
  }
  return parseBenchmark(text, path, options);
}

export function parseBenchmark(text: string, name: string, options: LoadBenchmarkOptions = {}): Benchmark {
  const k = options.tierCount ?? DEFAULT_TIER_COUNT;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    doc = parseJsonLines(text, name, err as Error);
  }
  if (Array.isArray(doc)) return lcbBenchmark(doc, name, k);
  if (doc && typeof doc === 'object' && Array.isArray((doc as { problems?: unknown }).problems)) {
    return frontierBenchmark(doc as Record<string, unknown>, name, k);
  }
  throw new JudgeInputError(`benchmark ${name}: expected {"problems": [...]} or LiveCodeBench problems`);
}

function parseJsonLines(text: string, name: string, first: Error): unknown[] {
  const lines = text.split('\n');
  const out: unknown[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    try {
      out.push(JSON.parse(line));
    } catch (err) {
      const why = lines.filter((l) => l.trim()).length > 1 ? (err as Error).message : first.message;
      throw new JudgeInputError(`benchmark ${name}: line ${i + 1} does not parse: ${why}`);
    }
  });
  if (out.length === 0) throw new JudgeInputError(`benchmark ${name}: file is empty`);
  return out;
}

function lcbBenchmark(records: unknown[], name: string, k: number): Benchmark {
  const problems = new Map<string, Problem>();
  records.forEach((rec, i) => {
    const p = lcbProblem(rec as Record<string, unknown>, `benchmark ${name} problem #${i + 1}`, k);
    problems.set(p.id, p);
  });
  return { name, format: 'lcb', problems };
}

function frontierBenchmark(doc: Record<string, unknown>, name: string, k: number): Benchmark {
  const defaults = (doc.defaults ?? {}) as Record<string, unknown>;
  const problems = new Map<string, Problem>();
  (doc.problems as unknown[]).forEach((raw, i) => {
    const rec = raw as Record<string, unknown>;
    const where = `benchmark ${name} problem #${i + 1}${typeof rec?.id === 'string' ? ` (id ${rec.id})` : ''}`;
    if (!rec || typeof rec !== 'object') throw new JudgeInputError(`${where}: not an object`);
    if (typeof rec.id !== 'string' || !rec.id) throw new JudgeInputError(`${where}: missing string id`);
    if (problems.has(rec.id)) throw new JudgeInputError(`${where}: duplicate id`);
    if (!Array.isArray(rec.tests) || rec.tests.length === 0)
      throw new JudgeInputError(`${where}: problem has no tests`);
    const tests = (rec.tests as unknown[]).map((t, j) => {
      const tt = t as Record<string, unknown>;
      if (!tt || typeof tt.input !== 'string' || typeof tt.output !== 'string') {
        throw new JudgeInputError(`${where} test #${j + 1}: input and output must be strings`);
      }
      if (tt.tier !== undefined && (!Number.isInteger(tt.tier) || (tt.tier as number) < 1)) {
        throw new JudgeInputError(`${where} test #${j + 1}: tier must be an integer >= 1`);
      }
      return { input: tt.input, output: tt.output, tier: (tt.tier as number | undefined) ?? 0 };
    });
    let tierDerivation;
    if (tests.every((t) => t.tier === 0)) {
      const d = deriveTiers(
        tests.map((t) => t.input),
        k,
      );
      d.tiers.forEach((tier, j) => (tests[j]!.tier = tier));
      tierDerivation = d.derivation;
    } else if (tests.some((t) => t.tier === 0)) {
      throw new JudgeInputError(`${where}: either every test has a tier or none has`);
    } else {
      compactTiers(tests);
    }
    problems.set(rec.id, {
      id: rec.id,
      title: typeof rec.title === 'string' ? rec.title : undefined,
      difficulty: typeof rec.difficulty === 'string' ? rec.difficulty : undefined,
      limits: parseLimits({ ...defaults, ...((rec.limits ?? {}) as object) }, where),
      checker: parseChecker(rec.checker ?? defaults.checker, where),
      tests,
      tierDerivation,
      releaseDate: parseReleaseDate(rec.release_date, 'release_date', where),
    });
  });
  return { name: typeof doc.name === 'string' ? doc.name : name, format: 'frontier', problems };
}

// Tiers 1, 3, 7 become 1, 2, 3 so that coverage level K is always the full suite.
function compactTiers(tests: { tier: number }[]): void {
  const levels = [...new Set(tests.map((t) => t.tier))].sort((a, b) => a - b);
  for (const t of tests) t.tier = levels.indexOf(t.tier) + 1;
}

const LIMIT_KEYS: Record<string, keyof Limits> = {
  timeS: 'timeS',
  memoryMib: 'memoryMib',
  outputMib: 'outputMib',
  wallS: 'wallS',
  processes: 'processes',
  fileMib: 'fileMib',
};

function parseLimits(raw: Record<string, unknown>, where: string): Partial<Limits> {
  const out: Partial<Limits> = {};
  for (const [key, value] of Object.entries(raw)) {
    const k = LIMIT_KEYS[key];
    if (!k) {
      if (key === 'checker') continue;
      throw new JudgeInputError(`${where}: unknown limit "${key}"`);
    }
    if (typeof value !== 'number' || !(value > 0))
      throw new JudgeInputError(`${where}: limit ${key} must be a positive number`);
    out[k] = value;
  }
  return out;
}

function parseChecker(raw: unknown, where: string): Checker {
  if (raw === undefined) return { mode: 'tokens' };
  const c = (typeof raw === 'string' ? { mode: raw } : raw) as Record<string, unknown>;
  switch (c.mode) {
    case 'tokens':
    case 'exact':
    case 'lcb':
      return { mode: c.mode };
    case 'float':
      return { mode: 'float', absTol: num(c.absTol, where), relTol: num(c.relTol, where) };
    default:
      throw new JudgeInputError(`${where}: unknown checker mode ${JSON.stringify(c.mode)}`);
  }
}

function num(v: unknown, where: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || v < 0) throw new JudgeInputError(`${where}: tolerances must be numbers >= 0`);
  return v;
}

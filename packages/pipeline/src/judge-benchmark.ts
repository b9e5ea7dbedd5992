import { createHash } from 'node:crypto';
import { loadProblemsWithTests, type Db } from '@frontier/db';
import { JUDGE_VERSION, type Benchmark, type Checker, type Problem, type SandboxBackend } from '@frontier/judge';

export interface StoredBenchmark {
  benchmark: Benchmark;
  /** problem id (database) -> external id */
  externalIds: Map<number, string>;
  /** external id -> sha256 of everything that decides a verdict except the program */
  problemKeys: Map<string, string>;
}

// The benchmark's problems and hidden tests as the judge takes them, read from the database.
export async function loadStoredBenchmark(db: Db, benchmarkId: number): Promise<StoredBenchmark> {
  const map = new Map<string, Problem>();
  const externalIds = new Map<number, string>();
  const problemKeys = new Map<string, string>();
  for (const p of await loadProblemsWithTests(db, benchmarkId)) {
    const limits = {
      ...(p.timeLimitMs ? { timeS: p.timeLimitMs / 1000 } : {}),
      ...(p.memoryLimitMb ? { memoryMib: p.memoryLimitMb } : {}),
    };
    // A LeetCode-style problem keeps its harness's function name beside the checker (see storedChecker).
    const { functional, ...checker } = (p.checker as (Checker & { functional?: { fnName: string } }) | null) ?? {
      mode: 'tokens',
    };
    const tests = p.tests.map((t) => ({ tier: t.tier, input: t.input, output: t.expected }));
    map.set(p.externalId, {
      id: p.externalId,
      title: p.title,
      difficulty: p.difficulty,
      limits,
      checker: checker as Checker,
      tests,
      ...(functional ? { functional } : {}),
    });
    externalIds.set(p.id, p.externalId);
    const h = createHash('sha256').update(JSON.stringify({ limits, checker: p.checker ?? { mode: 'tokens' } }));
    for (const t of tests) h.update(`\0${t.tier}\0${t.input}\0${t.output}`);
    problemKeys.set(p.externalId, h.digest('hex'));
  }
  return { benchmark: { name: String(benchmarkId), format: 'frontier', problems: map }, externalIds, problemKeys };
}

/** The checker column of a judge problem: its checker, and a functional problem's function name. */
export function storedChecker(problem: Pick<Problem, 'checker' | 'functional'>): Record<string, unknown> {
  return problem.functional ? { ...problem.checker, functional: problem.functional } : { ...problem.checker };
}

/** How a study has its samples judged: the parts of its `judge` settings that decide a verdict. */
export interface JudgeHow {
  lcbCompat?: boolean;
  /** Set when the study requires this backend: only its results may be reused. */
  backend?: SandboxBackend;
}

/**
 * What identifies one judging of a program: the problem's key, how it is judged, the program, and
 * the judge's version, so that a judge that may reach other verdicts never reuses older ones.
 */
export function programKey(
  problemKey: string,
  language: string,
  code: string,
  how: JudgeHow = {},
  judgeVersion: number = JUDGE_VERSION,
): string {
  const h = createHash('sha256').update(problemKey).update('\0').update(language).update('\0').update(code);
  if (how.lcbCompat) h.update('\0lcb-compat');
  if (how.backend) h.update(`\0backend=${how.backend}`);
  h.update(`\0judge=${judgeVersion}`);
  return h.digest('hex');
}

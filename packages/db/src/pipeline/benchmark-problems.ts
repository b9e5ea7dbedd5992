import type { Db } from '../client';

export interface ProblemWithTests {
  id: number;
  externalId: string;
  title: string;
  difficulty: string;
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
  /** How output is compared, e.g. {"mode":"tokens"}; null for the judge's default. */
  checker: unknown;
  /** In ordinal order. */
  tests: { tier: number; input: string; expected: string }[];
}

/** A benchmark's problems with their hidden tests: what the judge needs. */
export async function loadProblemsWithTests(db: Db, benchmarkId: number): Promise<ProblemWithTests[]> {
  return db.prisma.problem.findMany({
    where: { benchmarkId },
    select: {
      id: true,
      externalId: true,
      title: true,
      difficulty: true,
      timeLimitMs: true,
      memoryLimitMb: true,
      checker: true,
      tests: { select: { tier: true, input: true, expected: true }, orderBy: { ordinal: 'asc' } },
    },
  });
}

/** A benchmark's problems as a generation prompt needs them, in id order. */
export async function listPromptProblems(
  db: Db,
  benchmarkId: number,
): Promise<{ id: number; externalId: string; title: string; statement: string | null }[]> {
  return db.prisma.problem.findMany({
    where: { benchmarkId },
    select: { id: true, externalId: true, title: true, statement: true },
    orderBy: { id: 'asc' },
  });
}

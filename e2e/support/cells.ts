import { query } from './database';

// Per (checkpoint, problem) counts straight from run_problem_aggregate (runs pooled, like the
// app's data API), and the maths the triage and ensembles pages must agree with, written here
// independently of @frontier/core.

export interface DbCell {
  checkpointId: number;
  problemId: number;
  n: number;
  c: number;
}

export async function cells(studyId: number): Promise<DbCell[]> {
  return query<DbCell>(
    `SELECT r.checkpoint_id AS "checkpointId", a.problem_id AS "problemId", sum(a.n)::int AS n, sum(a.solved)::int AS c
     FROM eval_run r JOIN checkpoint k ON k.id = r.checkpoint_id JOIN run_problem_aggregate a ON a.run_id = r.id
     WHERE k.study_id = $1 GROUP BY r.checkpoint_id, a.problem_id HAVING sum(a.n) > 0`,
    [studyId],
  );
}

export async function endpoints(studyId: number): Promise<{ low: number; high: number }> {
  const rows = await query<{ id: number; role: string }>(
    `SELECT id, role::text AS role FROM checkpoint WHERE study_id = $1 AND role IN ('LOW', 'HIGH') ORDER BY id`,
    [studyId],
  );
  return { low: rows.find((r) => r.role === 'LOW')!.id, high: rows.find((r) => r.role === 'HIGH')!.id };
}

/** cell(checkpoint, problem) lookup. */
export function byKey(all: DbCell[]): Map<string, DbCell> {
  return new Map(all.map((x) => [`${x.checkpointId}:${x.problemId}`, x]));
}

/** Exact two-sided McNemar p: min(1, 2 * P(X <= min(b, c))), X ~ Binomial(b + c, 1/2), with BigInt binomials. */
export function mcnemarP(b: number, c: number): number {
  const n = b + c;
  if (b === c) return 1;
  let coef = 1n;
  let sum = 0n;
  for (let i = 0; i <= Math.min(b, c); i++) {
    if (i > 0) coef = (coef * BigInt(n - i + 1)) / BigInt(i);
    sum += coef;
  }
  // 2 * sum / 2^n in floating point without overflow: scale the quotient to 60 digits.
  const SCALE = 10n ** 60n;
  return Math.min(1, Number((2n * sum * SCALE) / 2n ** BigInt(n)) / 1e60);
}

/** 1 - prod_i C(n_i - c_i, k_i) / C(n_i, k_i) for one problem, as a product of ratios. */
export function ensemblePass(members: { n: number; c: number; k: number }[]): number {
  let fail = 1;
  for (const { n, c, k } of members) for (let i = 0; i < k; i++) fail *= (n - c - i) / (n - i);
  return 1 - fail;
}

/** A minimal RFC 4180 parser: quoted fields, doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

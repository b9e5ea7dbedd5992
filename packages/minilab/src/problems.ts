// The problem set on disk: problems/<id>/{problem.json, reference.py, candidates/*.py}.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareDifficulties, isDifficulty, releaseDayProblem, type Difficulty } from '@frontier/core';

export const PROBLEMS_DIR = fileURLToPath(new URL('../problems', import.meta.url));

export interface ProblemMeta {
  id: string;
  title: string;
  difficulty: Difficulty;
  /** Markdown. */
  statement: string;
  time_limit_ms: number;
  memory_limit_mb: number;
  /** The day the problem was published (YYYY-MM-DD), what release-date windows select on. */
  release_date: string;
}

export interface Candidate {
  problemId: string;
  /** File name without `.py`, unique within the problem. */
  name: string;
  code: string;
}

function parseMeta(dir: string, raw: unknown): ProblemMeta {
  const m = raw as Partial<ProblemMeta>;
  const ok =
    typeof m.id === 'string' &&
    typeof m.title === 'string' &&
    typeof m.statement === 'string' &&
    isDifficulty(m.difficulty) &&
    Number.isInteger(m.time_limit_ms) &&
    Number.isInteger(m.memory_limit_mb) &&
    typeof m.release_date === 'string' &&
    releaseDayProblem(m.release_date) === undefined;
  if (!ok) throw new Error(`${dir}/problem.json: missing or malformed fields`);
  if (m.id !== dir) throw new Error(`${dir}/problem.json: id "${m.id}" differs from its folder`);
  return m as ProblemMeta;
}

/** Problem ids (folder names), sorted. */
export function listProblemIds(): string[] {
  return readdirSync(PROBLEMS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export function readProblem(id: string): ProblemMeta {
  return parseMeta(id, JSON.parse(readFileSync(join(PROBLEMS_DIR, id, 'problem.json'), 'utf8')));
}

/** Metadata of every problem, easy first, then by id. */
export function listProblems(): ProblemMeta[] {
  return listProblemIds()
    .map(readProblem)
    .sort((a, b) => compareDifficulties(a.difficulty, b.difficulty) || a.id.localeCompare(b.id));
}

export function referencePath(id: string): string {
  return join(PROBLEMS_DIR, id, 'reference.py');
}

/** Every candidate program of every problem, in problem then name order. */
export function listCandidates(): Candidate[] {
  return listProblemIds().flatMap((problemId) => {
    const dir = join(PROBLEMS_DIR, problemId, 'candidates');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.py'))
      .sort()
      .map((f) => ({ problemId, name: f.slice(0, -3), code: readFileSync(join(dir, f), 'utf8') }));
  });
}

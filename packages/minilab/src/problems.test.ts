import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCandidates, listProblems, PROBLEMS_DIR, referencePath } from './problems';
import { DEFAULT_PYTHON } from './run-python';

const problems = listProblems();
const candidates = listCandidates();

describe('problem set', () => {
  it('has 24 problems, 8 per difficulty', () => {
    expect(problems).toHaveLength(24);
    for (const d of ['easy', 'medium', 'hard']) expect(problems.filter((p) => p.difficulty === d)).toHaveLength(8);
  });

  it('gives every problem a statement and limits that keep the demo fast', () => {
    for (const p of problems) {
      expect(p.statement, p.id).toMatch(/\*\*Input\.\*\*[\s\S]*\*\*Output\.\*\*[\s\S]*\*\*Constraints\.\*\*/);
      expect(p.time_limit_ms, p.id).toBeGreaterThanOrEqual(500);
      expect(p.time_limit_ms, p.id).toBeLessThanOrEqual(2000);
      expect(p.memory_limit_mb, p.id).toBeGreaterThanOrEqual(32);
      expect(p.memory_limit_mb, p.id).toBeLessThanOrEqual(256);
    }
  });

  it('writes down no verdicts: problem.json holds only the known fields', () => {
    const allowed = ['id', 'title', 'difficulty', 'statement', 'time_limit_ms', 'memory_limit_mb', 'release_date'];
    for (const p of problems) {
      const raw = JSON.parse(readFileSync(join(PROBLEMS_DIR, p.id, 'problem.json'), 'utf8')) as object;
      expect(Object.keys(raw).sort(), p.id).toEqual([...allowed].sort());
    }
  });

  it('has at least five distinct candidate programs per problem', () => {
    for (const p of problems) {
      const mine = candidates.filter((c) => c.problemId === p.id);
      expect(mine.length, p.id).toBeGreaterThanOrEqual(5);
      expect(new Set(mine.map((c) => c.code)).size, p.id).toBe(mine.length);
    }
  });

  it('has only syntactically valid Python (compiled in a temp dir, never run)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'minilab-pyc-'));
    try {
      const files = [
        ...candidates.map((c, i) => {
          const f = join(dir, `c${i}.py`);
          writeFileSync(f, c.code);
          return f;
        }),
        ...problems.map((p, i) => {
          const f = join(dir, `r${i}.py`);
          copyFileSync(referencePath(p.id), f);
          return f;
        }),
      ];
      // One interpreter for all files; py_compile raises on the first syntax error.
      const script = 'import py_compile, sys\nfor f in sys.argv[1:]:\n    py_compile.compile(f, doraise=True)\n';
      execFileSync(DEFAULT_PYTHON, ['-S', '-c', script, ...files], { cwd: dir, stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

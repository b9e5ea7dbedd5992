// The judge's work directory on a real full disk: a small tmpfs. The judge runs in a child wrapped
// by test/contain.sh, as in the sandbox tests (root and cgroup v1; skipped otherwise, saying why).
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../disk/test/tmpfs';
import { canContain, runContained } from './fixtures/run-contained';

const unavailable = canContain ? tmpfsUnavailable : 'needs root and cgroup v1 (test/contain.sh)';
// The numbers to add come last: an input cut short by the disk could not give 3.
const padded = (pad: number) => `${'#'.repeat(pad)}\n1 2\n`;
const SUM_LAST = 'import sys\nd = sys.stdin.read().split()\nprint(int(d[-2]) + int(d[-1]))';
const BIG = 2_000_000; // past what the supervisor sends back inline: written to a file in the work directory

describe.skipIf(unavailable)(
  `judge work directory on a full disk${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    let fs: Tmpfs;
    let dir: string;
    let workDir: string;
    beforeAll(() => {
      fs = mountTmpfs('1m');
      dir = mkdtempSync(join(tmpdir(), 'frontier-judge-disk-'));
      chmodSync(dir, 0o755);
    });
    afterAll(() => {
      fs?.unmount();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });
    beforeEach(() => {
      for (const name of readdirSync(fs.dir)) rmSync(join(fs.dir, name), { recursive: true });
      fs.resize('1m');
      workDir = join(fs.dir, 'work');
    });
    const judge = (problem: object, code: string, more: object = {}) =>
      runContained(
        {
          benchmark: { problems: [problem] },
          samples: [{ id: 's', problemId: 'p', language: 'python', code }],
          workers: 1,
          backend: 'cgroup1',
          workDir,
          ...more,
        },
        dir,
      );

    it('fails naming the input file that did not fit, keeps no part of it, and judges right once space is freed', () => {
      const problem = {
        id: 'p',
        tests: [
          { input: padded(600_000), output: '3\n', tier: 1 },
          { input: padded(600_001), output: '3\n', tier: 2 },
        ],
      };
      expect(() => judge(problem, SUM_LAST)).toThrow(
        new RegExp(
          `no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${workDir}/in/[0-9a-f]{64}: needed ~586 KiB, [\\d.]+ (?:B|KiB|MiB) free; free some space and retry`,
        ),
      );
      expect(readdirSync(join(workDir, 'in'))).toHaveLength(1); // the first input, whole; no temporary file
      fs.resize('8m');
      const [r] = judge(problem, SUM_LAST).results;
      expect(r).toMatchObject({ verdict: 'AC', coveragePassed: 2 });
    });

    it('fails naming the work directory when an output file does not fit, instead of an IE verdict; judges right once space is freed', () => {
      const problem = { id: 'p', tests: [{ input: '', output: 'x'.repeat(BIG), tier: 1 }] };
      const code = `print("x" * ${BIG})`;
      expect(() => judge(problem, code)).toThrow(
        new RegExp(
          `no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${workDir}: [\\d.]+ (?:B|KiB|MiB) free; free some space and retry`,
        ),
      );
      fs.resize('8m');
      const { results, logs } = judge(problem, code);
      expect(results[0]).toMatchObject({ verdict: 'AC' });
      expect(logs.filter((l) => /IE/.test(l))).toEqual([]);
    });

    it('judges right when the same judge is asked again once space is freed, as a worker retrying the job does', () => {
      fs.resize('2m');
      const problem = {
        id: 'p',
        tests: [
          { input: padded(600_000), output: '3\n', tier: 1 },
          { input: padded(600_001), output: '3\n', tier: 2 },
        ],
      };
      const filler = fs.fill(900 << 10); // room for the first input, not the second
      const { results, firstError } = judge(problem, SUM_LAST, { retryAfterRemoving: filler });
      expect(firstError).toMatch(
        new RegExp(
          `^no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${workDir}/in/[0-9a-f]{64}: needed ~586 KiB`,
        ),
      );
      expect(results[0]).toMatchObject({ verdict: 'AC', coveragePassed: 2 });
    });
  },
);

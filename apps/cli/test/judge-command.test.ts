// `frontier judge` as a user runs it, on a LiveCodeBench-format benchmark. It runs programs, so
// the CLI runs inside the judge's test/contain.sh (own pid namespace, capped cgroups).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JUDGE_VERSION, machineOf } from '@frontier/judge';
import { canContain } from '../../../packages/judge/test/fixtures/run-contained';
import { tempDir } from './lcb-fixture';

const CONTAIN = fileURLToPath(new URL('../../../packages/judge/test/contain.sh', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/frontier.js', import.meta.url));
const dir = tempDir();
const benchmark = join(dir, 'lcb.json');
const samples = join(dir, 'samples.jsonl');
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
writeFileSync(
  benchmark,
  JSON.stringify([
    {
      question_id: 'sum',
      public_test_cases: JSON.stringify([
        { input: '1 2\n', output: '3\n', testtype: 'stdin' },
        { input: '40 2\n', output: '42\n', testtype: 'stdin' },
      ]),
      private_test_cases: '[]',
      metadata: '{}',
    },
  ]),
);
writeFileSync(
  samples,
  [
    { id: 'ac', code: SUM },
    { id: 'wa', code: 'print(0)' },
    // A non-zero exit after the right output: RE here, but LiveCodeBench accepts it.
    { id: 'exit-1', code: `${SUM}import sys\nsys.exit(1)` },
    { id: 'ac-again', code: SUM },
  ]
    .map((s) => JSON.stringify({ ...s, problem_id: 'sum', language: 'python' }))
    .join('\n'),
);

function judge(...flags: string[]) {
  const r = spawnSync(
    CONTAIN,
    [process.execPath, BIN, 'judge', '--benchmark', benchmark, '--samples', samples, '--workers', '2', ...flags],
    {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const lines = r.stdout
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          id: string;
          verdict: string;
          sandbox: string;
          judge_version: number;
          limits: { cpu_ms: number; memory_kib: number };
          machine: string;
        },
    );
  const verdicts = Object.fromEntries(lines.map((l) => [l.id, l.verdict]));
  return {
    code: r.status,
    verdicts,
    sandboxes: new Set(lines.map((l) => l.sandbox)),
    how: new Set(lines.map((l) => JSON.stringify([l.judge_version, l.limits, l.machine]))),
    summary: r.stderr.trim().split('\n').at(-1),
  };
}

// The last line on stderr; it names the backend that ran the tests (captured), as each output line does.
const summaryLine = (tests: number, verdicts: string) =>
  new RegExp(
    `^judged 4 samples \\(1 identical to another, judged once\\), ${tests} tests in \\d+\\.\\d s \\(\\d[\\d,]* tests/s\\) with the (cgroup1|cgroup2|rootless) sandbox: ${verdicts}$`,
  );

describe('frontier judge --backend', () => {
  it('refuses an unknown backend by name, listing the choices, before judging anything', () => {
    const r = spawnSync(
      process.execPath,
      [BIN, 'judge', '--benchmark', benchmark, '--samples', samples, '--backend', 'docker'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
        encoding: 'utf8',
      },
    );
    expect(r.status).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toBe('frontier: --backend must be one of auto, cgroup1, cgroup2, rootless (got "docker")');
  });
});

describe.skipIf(!canContain)('frontier judge (contained)', () => {
  it('writes a line per sample and ends with a summary line on stderr', () => {
    const r = judge();
    expect(r.code).toBe(0);
    expect(r.verdicts).toEqual({ ac: 'AC', wa: 'WA', 'exit-1': 'RE', 'ac-again': 'AC' });
    // Tests run: 2 (ac) + 1 (wa stops) + 1 (exit-1 stops) + none for the copy of ac.
    const summary = summaryLine(4, 'AC 2, WA 1, RE 1');
    expect(r.summary).toMatch(summary);
    expect(r.sandboxes).toEqual(new Set([summary.exec(r.summary!)![1]]));
    // How each verdict was reached: this judge's version, the default limits (2 s, 256 MiB), the CPU model.
    expect(r.how).toEqual(
      new Set([JSON.stringify([JUDGE_VERSION, { cpu_ms: 2000, memory_kib: 262144 }, machineOf()])]),
    );
  });
  it("--lcb-compat gives LiveCodeBench's verdicts", () => {
    const r = judge('--lcb-compat');
    expect(r.code).toBe(0);
    expect(r.verdicts).toEqual({ ac: 'AC', wa: 'WA', 'exit-1': 'AC', 'ac-again': 'AC' });
    expect(r.summary).toMatch(summaryLine(5, 'AC 3, WA 1'));
  });
  it('--backend cgroup1 judges with that backend, as the summary and every line say', () => {
    const r = judge('--backend', 'cgroup1');
    expect(r.code).toBe(0);
    expect(r.verdicts).toEqual({ ac: 'AC', wa: 'WA', 'exit-1': 'RE', 'ac-again': 'AC' });
    expect(summaryLine(4, 'AC 2, WA 1, RE 1').exec(r.summary!)?.[1]).toBe('cgroup1');
    expect(r.sandboxes).toEqual(new Set(['cgroup1']));
  });
});

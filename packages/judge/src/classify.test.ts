import { describe, expect, it } from 'vitest';
import { classifyRun, outOfMemoryDetail } from './classify';
import { verdictOf } from './judging/test-verdict';
import { resolveLimits } from './limits';
import type { RunResult } from './sandbox/types';
import type { Problem } from './types';

const limits = resolveLimits({ timeS: 1, memoryMib: 64 }, {}, 'cpp');
const run = (r: Partial<RunResult>): RunResult => ({
  exitCode: 0,
  signal: null,
  cpuMs: 10,
  wallMs: 12,
  maxRssKib: 2048,
  cgroupPeakKib: 0,
  failcnt: 0,
  oomKilled: false,
  outputBytes: 0,
  ole: false,
  wallTimeout: false,
  stderr: '',
  leftoverProcesses: 0,
  ...r,
});
const SIGSEGV = 11;
const SIGKILL = 9;
// Every way a run can end in failure, and each sign of having run out of memory, on any backend.
const failures: Record<string, Partial<RunResult>> = {
  crash: { exitCode: null, signal: SIGSEGV },
  'non-zero exit': { exitCode: 1, stderr: 'Traceback ...\nValueError: bad input\n' },
  'time limit': { cpuMs: 1500 },
  'wall clock': { wallTimeout: true, exitCode: null, signal: SIGKILL, cpuMs: 400 },
};
const signs: Record<string, Partial<RunResult>> = {
  'cgroup failcnt': { failcnt: 3 },
  'OOM kill': { oomKilled: true },
  'NULL malloc': { outOfMemory: 'malloc' },
  'refused mmap': { outOfMemory: 'mmap' },
  'MemoryError, caught': { outOfMemory: 'MemoryError' },
  'stack that could not grow': { outOfMemory: 'stack' },
  'a byte of the program': { outOfMemory: 'marked' },
};
const problem: Problem = {
  id: 'p',
  tests: [{ input: '1 2\n', output: '3\n', tier: 1 }],
  checker: { mode: 'tokens' },
  limits: {},
};

describe('classifyRun', () => {
  for (const [how, failure] of Object.entries(failures))
    for (const [sign, evidence] of Object.entries(signs))
      it(`a run that ran out of memory (${sign}) and then failed (${how}) is MLE`, () => {
        expect(classifyRun(run({ ...failure, ...evidence }), limits)).toBe('MLE');
      });

  it('leaves failures with no sign of running out of memory as they were', () => {
    expect(classifyRun(run(failures['crash']!), limits)).toBe('RE');
    expect(classifyRun(run(failures['non-zero exit']!), limits)).toBe('RE');
    expect(classifyRun(run(failures['time limit']!), limits)).toBe('TLE');
    expect(classifyRun(run(failures['wall clock']!), limits)).toBe('TLE');
  });

  it('checks the output of a run that ran out of memory and still exited 0', () => {
    for (const evidence of Object.values(signs))
      if (!evidence.oomKilled) expect(classifyRun(run(evidence), limits)).toBeUndefined();
  });

  it('keeps OLE ahead of running out of memory', () => {
    expect(classifyRun(run({ ole: true, exitCode: null, signal: SIGKILL, outOfMemory: 'malloc' }), limits)).toBe('OLE');
  });

  it('reads MemoryError and std::bad_alloc at the end of stderr as MLE, as before', () => {
    expect(classifyRun(run({ exitCode: 1, stderr: 'Traceback ...\nMemoryError\n' }), limits)).toBe('MLE');
    expect(
      classifyRun(
        run({ exitCode: null, signal: 6, stderr: "terminate called after throwing an instance of 'std::bad_alloc'\n" }),
        limits,
      ),
    ).toBe('MLE');
  });
});

describe('verdictOf', () => {
  const limitsOf = resolveLimits({}, {}, 'python');
  it('turns a wrong answer into MLE when the run ran out of memory, and leaves a right one AC', () => {
    for (const evidence of Object.values(signs)) {
      if (evidence.oomKilled) continue; // killed: never gets to the checker
      expect(verdictOf(run(evidence), '0\n', problem, 0, limitsOf)).toBe('MLE');
      expect(verdictOf(run(evidence), '3\n', problem, 0, limitsOf)).toBe('AC');
    }
    expect(verdictOf(run({}), '0\n', problem, 0, limitsOf)).toBe('WA');
  });
});

describe('outOfMemoryDetail', () => {
  it('says why a run counts as out of memory, and nothing when it does not', () => {
    expect(outOfMemoryDetail(run({ outOfMemory: 'MemoryError' }))).toBe('out of memory: a MemoryError was raised');
    expect(outOfMemoryDetail(run({ outOfMemory: 'stack' }))).toBe('out of memory: the stack could not grow');
    expect(outOfMemoryDetail(run({ failcnt: 1 }))).toBe('out of memory: the memory limit was reached');
    expect(outOfMemoryDetail(run({}))).toBeUndefined();
  });
});

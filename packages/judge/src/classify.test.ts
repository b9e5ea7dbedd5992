import { describe, expect, it } from 'vitest';
import { classifyRun } from './classify';
import { resolveLimits } from './limits';
import type { RunResult } from './sandbox/types';

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
// What native/alloc_shim.c writes when malloc returns NULL for want of memory.
const REFUSED = 'frontier-judge: malloc returned NULL (out of memory)\n';
const SIGSEGV = 11;

describe('classifyRun', () => {
  it('takes a failed run whose allocation was refused for MLE: a crash or a non-zero exit after a NULL malloc', () => {
    expect(classifyRun(run({ exitCode: null, signal: SIGSEGV, stderr: REFUSED }), limits)).toBe('MLE');
    expect(classifyRun(run({ exitCode: 1, stderr: `${REFUSED}cannot allocate the table\n` }), limits)).toBe('MLE');
    expect(classifyRun(run({ exitCode: 1, stderr: `half a line${REFUSED.replace('malloc', 'calloc')}` }), limits)).toBe(
      'MLE',
    );
  });

  it('leaves a failure without the marker RE, and a run that coped with the NULL to the checker', () => {
    expect(classifyRun(run({ exitCode: 1, stderr: 'bad input\n' }), limits)).toBe('RE');
    expect(classifyRun(run({ exitCode: null, signal: SIGSEGV }), limits)).toBe('RE');
    expect(classifyRun(run({ exitCode: 0, stderr: REFUSED }), limits)).toBeUndefined();
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

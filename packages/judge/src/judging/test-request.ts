import type { ResolvedLimits } from '../limits';
import type { RunnableProgram } from '../programs';
import type { RunRequest } from '../sandbox/types';

/** What the sandbox is asked to run for one test of `program`, before its stdin and stdout are named. */
export function testRequest(program: RunnableProgram, limits: ResolvedLimits, rerunMargin: number): RunRequest {
  return {
    ...program,
    stdout: ['work', ''],
    // The CPU rlimit leaves room past the limit so that a borderline run is measured, not cut.
    cpuSeconds: (limits.cpuMs * (1 + rerunMargin)) / 1000,
    wallSeconds: limits.wallMs / 1000,
    memoryBytes: limits.memoryBytes,
    processes: limits.processes,
    outputBytes: limits.outputBytes,
    fileBytes: limits.fileBytes,
    tmpBytes: limits.fileBytes,
    stackBytes: limits.memoryBytes,
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: '/tmp' },
    inlineOutput: true,
  };
}

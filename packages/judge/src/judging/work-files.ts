import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isOutOfSpace, writeFileAtomicSync } from '@frontier/disk';
import { sha } from '../programs';
import type { RunResult } from '../sandbox/types';
import type { Problem } from '../types';

/** The tests' input and output files in a judge's work directory (`in/`, `out/`; paths relative to it). */
export class WorkFiles {
  private readonly inputs = new WeakMap<Problem, string[]>();

  constructor(private readonly dir: string) {
    mkdirSync(join(dir, 'in'), { recursive: true });
    mkdirSync(join(dir, 'out'), { recursive: true });
  }

  /** Test `index`'s input, written on first use (one file per distinct input). */
  input(problem: Problem, index: number): string {
    let files = this.inputs.get(problem);
    if (!files) this.inputs.set(problem, (files = []));
    let rel = files[index];
    if (!rel) {
      const input = problem.tests[index]!.input;
      rel = join('in', sha(input));
      // Whole or absent: a later call must never run a test on an input the disk cut short.
      if (!existsSync(join(this.dir, rel))) writeFileAtomicSync(join(this.dir, rel), input, { durable: false });
      files[index] = rel;
    }
    return rel;
  }

  /** What a run printed: small outputs come inline; a large or non-UTF-8 one is in its stdout `file`. */
  output(run: RunResult, file: string): string {
    return run.ole ? '' : (run.output ?? readFileSync(join(this.dir, file), 'utf8'));
  }

  /**
   * Outputs cut short by a full disk are this lane's own files: removed, so that the space they
   * took is free again for the retry (and reported free in the error).
   */
  dropCutOutputs(err: unknown, files: readonly string[]): void {
    if (isOutOfSpace(err)) for (const f of files) rmSync(join(this.dir, f), { force: true });
  }
}

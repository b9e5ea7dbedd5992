// The judge's phase: every test of every sample through a fresh judge, as `frontier judge
// --all-tests` runs them (the slots are started and warmed first, outside the timing).
import {
  createJudge,
  type BackendChoice,
  type Benchmark,
  type NamespaceScope,
  type Sample,
  type SandboxBackend,
  type TestRecord,
} from '../../src/index';
import { measured, type Phase } from './machine';

export interface JudgeSettings {
  workers: number;
  namespaceScope: NamespaceScope;
  pinSlots: boolean;
  backend?: BackendChoice;
}

/** A judged test, keyed `sampleId#testIndex` as the baselines key theirs. */
export type JudgedTest = TestRecord & { key: string };

export async function judgePhase(
  benchmark: Benchmark,
  samples: Sample[],
  warmUp: Sample[],
  settings: JudgeSettings,
): Promise<{ phase: Phase; tests: JudgedTest[]; backend: SandboxBackend }> {
  const judge = createJudge({ ...settings, log: (m) => console.error(m) });
  try {
    await judge.judgeSamples(benchmark, warmUp);
    const { result, ms, busy } = await measured(() => judge.judgeSamples(benchmark, samples, { allTests: true }));
    const tests = result.flatMap((r) => r.tests.map((t) => ({ ...t, key: `${r.id}#${t.index}` })));
    return { phase: { tests: tests.length, ms, busy }, tests, backend: judge.backend };
  } finally {
    await judge.close();
  }
}

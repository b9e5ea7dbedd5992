import type { GenerationBackend } from '@frontier/generate';
import { expect, it } from 'vitest';
import type { TaskContext } from './context';
import type { StepHelpers } from './pipeline-task';
import { withCheckpointBackend } from './serving';

const helpers: StepHelpers = { progress: async () => {}, log: () => {}, signal: new AbortController().signal };
const checkpoint = { dir: '/checkpoints/alpha=0.5', alpha: 0.5, jobId: 1 };

// A toy study's backend runs in process: no database, server lock, judge or secret is read.
const context = (toyPolicy?: TaskContext['toyPolicy']): TaskContext => ({
  db: undefined as never,
  dataDir: '/nonexistent',
  judge: () => Promise.reject(new Error('not used')),
  secret: () => undefined,
  toyPolicy,
});

/** A stand-in for the toy policy: one sample naming the checkpoint and seed it was opened on. */
function standIn(closed: string[]): TaskContext['toyPolicy'] {
  return ({ checkpointDir, seed }): GenerationBackend => ({
    name: 'stand-in',
    async *generate() {
      yield { idx: 0, code: `print(${JSON.stringify(checkpointDir)}, ${seed})` };
    },
    close: async () => void closed.push(checkpointDir),
  });
}

const sampleOne = async (b: GenerationBackend): Promise<string[]> => {
  const codes: string[] = [];
  for await (const s of b.generate({ problemId: 'p', statement: 's', language: 'python', n: 1 })) codes.push(s.code);
  return codes;
};

it("samples a toy study from the policy the app hands in, on the job's checkpoint and the study's seed, and closes it", async () => {
  const closed: string[] = [];
  const codes = await withCheckpointBackend(
    { kind: 'toy' },
    checkpoint,
    context(standIn(closed)),
    helpers,
    7,
    sampleOne,
  );
  expect(codes).toEqual(['print("/checkpoints/alpha=0.5", 7)']);
  expect(closed).toEqual(['/checkpoints/alpha=0.5']);
});

it('closes the toy policy when sampling fails too', async () => {
  const closed: string[] = [];
  const failing = withCheckpointBackend({ kind: 'toy' }, checkpoint, context(standIn(closed)), helpers, 7, () =>
    Promise.reject(new Error('insert failed')),
  );
  await expect(failing).rejects.toThrow('insert failed');
  expect(closed).toEqual(['/checkpoints/alpha=0.5']);
});

it('fails a toy study in a process started without the toy policy, saying where it runs', async () => {
  const without = withCheckpointBackend({ kind: 'toy' }, checkpoint, context(), helpers, 7, sampleOne);
  await expect(without).rejects.toThrow(
    "the study samples from the demo lab's toy policy, which this process does not offer: run its jobs with the worker app or `frontier worker`",
  );
});

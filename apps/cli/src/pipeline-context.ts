import type { Db } from '@frontier/db';
import { lazyJudge, type TaskContext } from '@frontier/pipeline';
import { env, secret } from './env';

// The demo lab's toy policy (studies whose backend is `toy`), loaded only when one is generated.
const toyPolicy: TaskContext['toyPolicy'] = async (checkpoint) =>
  (await import('@frontier/minilab')).createToyPolicyBackend(checkpoint);

/** What the pipeline's steps need when the CLI runs them in process; `close` stops the judge. */
export function pipelineContext(db: Db): { ctx: TaskContext; close(): Promise<void> } {
  const { FRONTIER_DATA_DIR: dataDir, FRONTIER_JUDGE_BACKEND: backend } = env();
  const judge = lazyJudge(dataDir, backend);
  return { ctx: { db, dataDir, judge: judge.get, secret, toyPolicy }, close: judge.close };
}

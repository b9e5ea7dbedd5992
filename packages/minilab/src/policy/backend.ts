// The demo lab's generation backend: samples candidate programs from a toy policy checkpoint
// (an endpoint or any merged directory). Sample `idx` of a problem depends only on the
// checkpoint, the seed, the problem and idx, so a resumed generation reproduces earlier samples.
import {
  requestedIndexes,
  type GenerationBackend,
  type GenerationRequest,
  type GeneratedSample,
} from '@frontier/generate';
import { replyContent, roughTokens } from '../serve/chat-reply';
import { loadToyPolicy } from './checkpoint';
import type { ToyPolicy } from './policy';

export interface ToyPolicyBackendOptions {
  checkpointDir: string;
  /** Used when a request carries no seed of its own. */
  seed: number;
}

export function createToyPolicyBackend(opts: ToyPolicyBackendOptions): GenerationBackend {
  let loading: Promise<ToyPolicy> | undefined;
  return {
    name: 'toy-policy',
    async *generate(req: GenerationRequest): AsyncIterable<GeneratedSample> {
      if (req.language !== 'python')
        throw new Error(`toy policy: candidates are Python, the request asks for ${req.language}`);
      const indexes = requestedIndexes(req);
      loading ??= loadToyPolicy(opts.checkpointDir);
      const policy = await loading;
      policy.problem(req.problemId); // throws naming an unknown problem before yielding anything
      const seed = req.seed ?? opts.seed;
      for (const idx of indexes) {
        req.signal?.throwIfAborted();
        const code = policy.sample(req.problemId, idx, seed).code;
        // The reply the toy server would send for it, so both report the same lengths.
        const raw = replyContent(code);
        yield { idx, code, raw, completionTokens: roughTokens(raw) };
      }
    },
  };
}

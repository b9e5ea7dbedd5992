// The one interface every generation backend implements: the OpenAI-compatible server here,
// the demo lab's toy policy in @frontier/minilab. The pipeline only ever sees this.

export type GenerationLanguage = 'python' | 'cpp';

export interface GenerationRequest {
  problemId: string;
  statement: string;
  title?: string;
  language: GenerationLanguage;
  /** Samples per problem; sample indexes run over `0..n-1`. */
  n: number;
  /** Sample indexes to produce, e.g. the ones still missing after a crash. Default: all of `0..n-1`. */
  indexes?: number[];
  /** Makes sampling reproducible where the backend supports it. */
  seed?: number;
  signal?: AbortSignal;
}

export interface GeneratedSample {
  idx: number;
  /** The extracted program; empty when the reply had no usable code block (judged CE). */
  code: string;
  /** Raw reply text, for debugging. */
  raw?: string;
  finishReason?: string;
  /** The whole response's length in characters, reasoning included; default: of `raw`, else of `code`. */
  responseChars?: number;
  /** Completion tokens of this one response, when the backend knows them exactly. */
  completionTokens?: number;
}

export interface GenerationBackend {
  readonly name: string;
  /** Yields samples as they complete, in no particular order; throws when generation fails. */
  generate(req: GenerationRequest): AsyncIterable<GeneratedSample>;
  close?(): Promise<void>;
}

/**
 * Opens a backend that samples a checkpoint directory inside this process, with no inference
 * server: the demo lab's toy policy. The app that runs the pipeline hands it in, so the pipeline
 * sees only this interface.
 */
export type InProcessBackendFactory = (checkpoint: {
  checkpointDir: string;
  seed: number;
}) => GenerationBackend | Promise<GenerationBackend>;

/** The indexes a request asks for, checked: integers in `[0, n)`, no duplicates. */
export function requestedIndexes(req: Pick<GenerationRequest, 'n' | 'indexes' | 'problemId'>): number[] {
  if (!Number.isInteger(req.n) || req.n < 0) {
    throw new RangeError(`problem ${req.problemId}: n must be a non-negative integer, got ${req.n}`);
  }
  if (req.indexes === undefined) return Array.from({ length: req.n }, (_, i) => i);
  const seen = new Set<number>();
  for (const idx of req.indexes) {
    if (!Number.isInteger(idx) || idx < 0 || idx >= req.n) {
      throw new RangeError(`problem ${req.problemId}: sample index ${idx} is outside 0..${req.n - 1}`);
    }
    if (seen.has(idx)) throw new RangeError(`problem ${req.problemId}: sample index ${idx} is requested twice`);
    seen.add(idx);
  }
  return [...req.indexes];
}

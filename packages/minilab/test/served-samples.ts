// Shared by the stand-in server's tests: the samples a server gives through the real OpenAI
// client, next to the samples the in-process toy backend gives for the same seed.
import { createOpenAIBackend, type GeneratedSample } from '@frontier/generate';
import { createToyPolicyBackend } from '../src/policy/backend';
import { readProblem } from '../src/problems';

export const PROBLEM_IDS = ['dijkstra', 'lis-length', 'two-sum-count', 'edit-distance'];
export const SEED = 11;
const N = 12;
// A gap, as a resumed generation asks: batches must stay runs of consecutive indexes.
const INDEXES = [0, 1, 2, 3, 4, 5, 7, 8, 9, 11];

async function codes(samples: AsyncIterable<GeneratedSample>): Promise<string[]> {
  const out: GeneratedSample[] = [];
  for await (const s of samples) out.push(s);
  return out.sort((a, b) => a.idx - b.idx).map((s) => s.code);
}

const request = (problemId: string) => {
  const p = readProblem(problemId);
  return {
    problemId,
    title: p.title,
    statement: p.statement,
    language: 'python' as const,
    n: N,
    indexes: INDEXES,
    seed: SEED,
  };
};

/** Per problem, the programs of the requested samples, through the server's OpenAI API. */
export async function serverSamples(url: string, model: string, samplesPerRequest: number): Promise<string[][]> {
  const backend = createOpenAIBackend({
    baseUrl: `${url}/v1`,
    model,
    samplesPerRequest,
    maxRetries: 0,
    timeoutMs: 10_000,
  });
  try {
    return await Promise.all(PROBLEM_IDS.map((id) => codes(backend.generate(request(id)))));
  } finally {
    await backend.close();
  }
}

/** The same samples from the in-process toy backend on a checkpoint directory. */
export function inProcessSamples(checkpointDir: string): Promise<string[][]> {
  const backend = createToyPolicyBackend({ checkpointDir, seed: SEED });
  return Promise.all(PROBLEM_IDS.map((id) => codes(backend.generate(request(id)))));
}

/** The fields the tests read, from whichever reply. */
export interface ReplyBody {
  data?: Array<{ id: string; root: string; created: number }>;
  choices?: Array<{ index: number; finish_reason: string; message: { role: string; content: string } }>;
  error?: { message: string };
  [key: string]: unknown;
}

export async function call(url: string, path: string, body?: unknown): Promise<{ status: number; body: ReplyBody }> {
  const res = await fetch(
    `${url}${path}`,
    body === undefined
      ? {}
      : {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

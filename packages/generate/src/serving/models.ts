import { ServingError } from './errors';
import { httpGet, parseJson, snippet, trimSlashes } from './http';
import { quoteIfNeeded } from './shell';

export interface ListModelsOptions {
  apiKey?: string;
  signal?: AbortSignal;
  /** Default 30 s. */
  timeoutMs?: number;
}

/** The model ids an OpenAI-compatible server lists at `GET {baseUrl}/models` (`data[].id`). */
export async function listModels(baseUrl: string, opts: ListModelsOptions = {}): Promise<string[]> {
  const url = `${trimSlashes(baseUrl)}/models`;
  const reply = await httpGet(url, { apiKey: opts.apiKey, signal: opts.signal, timeoutMs: opts.timeoutMs ?? 30_000 });
  if (reply.status < 200 || reply.status > 299) {
    const hint =
      reply.status === 401 || reply.status === 403
        ? ' (check the API key)'
        : reply.status === 404
          ? ' (the base URL should end in /v1)'
          : '';
    throw new ServingError(`GET ${url} answered HTTP ${reply.status}${hint}: ${snippet(reply.text)}`, {
      status: reply.status,
    });
  }
  const data = (parseJson(reply.text) as { data?: unknown } | undefined)?.data;
  const ids = Array.isArray(data) ? data.map((m) => (m as { id?: unknown } | null)?.id) : undefined;
  if (!ids || !ids.every((id): id is string => typeof id === 'string')) {
    throw new ServingError(
      `GET ${url} did not answer with a model list ({"data": [{"id": ...}]}): ${snippet(reply.text)}; is this an OpenAI-compatible server?`,
      { status: reply.status },
    );
  }
  return ids;
}

/**
 * Fails unless the server lists `model`, with a message that says which directory to serve under
 * that name: a missing model would otherwise fail every generation request with a bare 404.
 */
export async function requireModel(
  baseUrl: string,
  model: string,
  opts: ListModelsOptions & { checkpointDir: string },
): Promise<void> {
  const models = await listModels(baseUrl, opts);
  if (models.includes(model)) return;
  throw new ServingError(
    `the server at ${baseUrl} serves no model named "${model}" (it serves: ${models.join(', ') || 'nothing'}). ` +
      `Serve the checkpoint directory ${opts.checkpointDir} under that name, e.g. \`vllm serve ${quoteIfNeeded(opts.checkpointDir)} --served-model-name ${quoteIfNeeded(model)}\``,
  );
}

import { ServingError } from './errors';
import {
  engineRoot,
  httpGet,
  httpPostJson,
  parseJson,
  snippet,
  trimSlashes,
  type HttpAnswer,
  type RequestOptions,
} from './http';
import { listModels } from './models';

export type ReloadEngine = 'sglang' | 'vllm';

export interface ReloadOptions {
  engine: ReloadEngine;
  /** The server's OpenAI-compatible base URL, ending in `/v1`. */
  baseUrl: string;
  /** A directory on the server's machine. */
  checkpointDir: string;
  apiKey?: string;
  /** For the request that loads the weights; default 10 min (a 32B model takes minutes). */
  timeoutMs?: number;
}

// Requests that only read or configure answer at once.
const QUICK_MS = 30_000;

/**
 * Asks a running server to load the checkpoint's weights, checks that it did, and returns the name
 * the server now serves them under. Throws a ServingError when the server refuses or fails.
 */
export async function reloadCheckpoint(opts: ReloadOptions): Promise<{ model: string }> {
  const root = engineRoot(opts.baseUrl);
  const request = { apiKey: opts.apiKey, timeoutMs: opts.timeoutMs ?? 600_000 };
  if (opts.engine === 'sglang') await reloadSGLang(root, opts.checkpointDir, request);
  else await reloadVLLM(root, opts.checkpointDir, request);
  const models = await listModels(opts.baseUrl, { apiKey: opts.apiKey, timeoutMs: QUICK_MS });
  // SGLang serves the weights under their path after a reload; vLLM keeps its served name.
  const model = models.find((m) => samePath(m, opts.checkpointDir)) ?? models[0];
  if (model === undefined)
    throw new ServingError(
      `the ${opts.engine} server at ${opts.baseUrl} lists no model after loading ${opts.checkpointDir}`,
    );
  return { model };
}

async function reloadSGLang(root: string, dir: string, request: RequestOptions): Promise<void> {
  const url = `${root}/update_weights_from_disk`;
  const reply = await httpPostJson(url, { model_path: dir }, request);
  const body = parseJson(reply.text) as { success?: unknown; message?: unknown } | undefined;
  if (body?.success === false) {
    throw new ServingError(
      `SGLang at ${root} did not load ${dir}: ${String(body.message).replace(/\.+$/, '')}. Check that the directory exists on the server's machine and holds a checkpoint of the model it serves`,
      { status: reply.status },
    );
  }
  if (reply.status !== 200 || body?.success !== true) throw unexpected('POST', url, reply);

  const infoUrl = `${root}/get_model_info`;
  const info = await httpGet(infoUrl, { ...request, timeoutMs: QUICK_MS });
  const loaded = (parseJson(info.text) as { model_path?: unknown } | undefined)?.model_path;
  if (info.status !== 200 || typeof loaded !== 'string') throw unexpected('GET', infoUrl, info);
  if (!samePath(loaded, dir)) {
    throw new ServingError(
      `SGLang at ${root} answered that it loaded ${dir}, but reports model_path ${JSON.stringify(loaded)}: the reload did not take effect, so no samples were generated from it`,
    );
  }
}

// vLLM has no read-back of the loaded path: the check is that every RPC answered 200.
async function reloadVLLM(root: string, dir: string, request: RequestOptions): Promise<void> {
  const url = `${root}/collective_rpc`;
  const rpc = async (method: string, args: unknown[] | undefined, timeoutMs: number): Promise<void> => {
    const reply = await httpPostJson(url, args ? { method, args } : { method }, { ...request, timeoutMs });
    if (reply.status === 404) {
      throw new ServingError(
        `the vLLM server at ${root} has no /collective_rpc endpoint: start it with VLLM_SERVER_DEV_MODE=1 in its environment to allow reloads (e.g. VLLM_SERVER_DEV_MODE=1 vllm serve ...)`,
        { status: 404 },
      );
    }
    if (reply.status !== 200)
      throw unexpected('POST', `${url} (${method})`, reply, `vLLM at ${root} failed to load ${dir}`);
  };
  await rpc('update_config', [{ model_config: { model: dir } }], QUICK_MS);
  await rpc('reload_weights', undefined, request.timeoutMs);
  // Prompts cached under the old weights would otherwise be reused. A 404 means a stand-in
  // server without a prefix cache: the real one has this endpoint whenever it has collective_rpc.
  const reset = await httpPostJson(`${root}/reset_prefix_cache`, {}, { ...request, timeoutMs: QUICK_MS });
  if (reset.status !== 200 && reset.status !== 404) throw unexpected('POST', `${root}/reset_prefix_cache`, reset);
}

function unexpected(method: string, url: string, reply: HttpAnswer, what = 'unexpected answer'): ServingError {
  return new ServingError(`${what}: ${method} ${url} answered HTTP ${reply.status}: ${snippet(reply.text)}`, {
    status: reply.status,
  });
}

function samePath(a: string, b: string): boolean {
  return trimSlashes(a) === trimSlashes(b);
}

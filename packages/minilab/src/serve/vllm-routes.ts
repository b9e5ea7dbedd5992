// vLLM's development-mode RPC (VLLM_SERVER_DEV_MODE=1): `update_config` points the workers'
// model config at a directory, `reload_weights` loads it. The served model name never changes.
import { detailError, openAIError, type Reply } from './http-json';
import type { ServedModel } from './served-model';

const CONFIGS = ['load_config', 'model_config'];

// POST /collective_rpc {method, args?, kwargs?, timeout?}
export async function collectiveRpc(model: ServedModel, body: Record<string, unknown>): Promise<Reply> {
  const method = body.method;
  if (typeof method !== 'string') throw detailError(400, "Missing 'method' in request body");
  const args = Array.isArray(body.args) ? body.args : [];
  const kwargs =
    typeof body.kwargs === 'object' && body.kwargs !== null ? (body.kwargs as Record<string, unknown>) : {};
  if (method === 'update_config') {
    updateConfig(model, args[0] ?? kwargs.overrides);
    return { status: 200, body: { results: [null] } };
  }
  if (method === 'reload_weights') {
    try {
      await model.reload(model.vllmModelPath);
    } catch (err) {
      throw openAIError(500, 'InternalServerError', `reload_weights failed: ${(err as Error).message}`);
    }
    return { status: 200, body: { results: [null] } };
  }
  throw openAIError(
    500,
    'InternalServerError',
    `collective_rpc: the worker has no method "${method}" (the toy server implements update_config and reload_weights)`,
  );
}

function updateConfig(model: ServedModel, raw: unknown): void {
  // Clients send the overrides as an object or, since vLLM asks for serialised arguments, as JSON text.
  let overrides = raw;
  if (typeof raw === 'string') {
    try {
      overrides = JSON.parse(raw);
    } catch {
      throw openAIError(500, 'InternalServerError', `update_config: the overrides are not JSON: ${raw.slice(0, 200)}`);
    }
  }
  if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
    throw openAIError(
      500,
      'InternalServerError',
      'update_config: expected overrides such as {"model_config": {"model": DIR}}',
    );
  }
  for (const name of Object.keys(overrides)) {
    if (!CONFIGS.includes(name))
      throw openAIError(
        500,
        'InternalServerError',
        `update_config: config \`${name}\` not supported. Allowed configs: ${CONFIGS.join(', ')}`,
      );
  }
  const path = (overrides as { model_config?: { model?: unknown } }).model_config?.model;
  if (path !== undefined) {
    if (typeof path !== 'string' || path === '')
      throw openAIError(500, 'InternalServerError', 'update_config: model_config.model must be a non-empty string');
    model.vllmModelPath = path;
  }
}

// SGLang's native endpoints for swapping weights in a running server
// (python/sglang/srt/entrypoints/http_server.py and the tokenizer manager).
import { detailError, type Reply } from './http-json';
import type { ServedModel } from './served-model';

// POST /update_weights_from_disk {model_path, load_format?}
export async function updateWeightsFromDisk(model: ServedModel, body: Record<string, unknown>): Promise<Reply> {
  const path = body.model_path;
  if (typeof path !== 'string' || path === '') throw detailError(422, 'model_path: a non-empty string is required');
  try {
    await model.reload(path);
  } catch (err) {
    const message = `Failed to update weights: ${(err as Error).message}. Rolling back to original weights.`;
    return { status: 400, body: { success: false, message, num_paused_requests: 0 } };
  }
  // As SGLang's tokenizer manager does: the served model name becomes the new path.
  model.modelPath = path;
  model.servedName = path;
  return {
    status: 200,
    body: { success: true, message: 'Succeeded to update model weights.', num_paused_requests: 0 },
  };
}

// GET /get_model_info
export function modelInfo(model: ServedModel): Reply {
  // SGLang never changes its tokenizer on a reload: tokenizer_path stays the launch directory.
  return { status: 200, body: { model_path: model.modelPath, tokenizer_path: model.launchPath, is_generation: true } };
}

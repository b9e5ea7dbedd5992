import { afterEach, describe, expect, it } from 'vitest';
import { reloadCheckpoint, type LaunchedServer, type ReloadOptions, type ServingError } from '../../src/index';
import { cleanUp, closedBaseUrl, launch, servingError, tempDir } from './fake-engine';

afterEach(cleanUp);

interface EngineState {
  servedName: string;
  loadedPath: string;
  prefixCacheResets: number;
}

async function engineState(server: LaunchedServer): Promise<EngineState> {
  return (await (await fetch(`${server.baseUrl.replace(/\/v1$/, '')}/debug/state`)).json()) as EngineState;
}

function reloadError(opts: ReloadOptions): Promise<ServingError> {
  return servingError(reloadCheckpoint(opts));
}

describe('reloadCheckpoint: SGLang', () => {
  it('loads the directory, checks get_model_info, and returns the name SGLang now serves it under (its path)', async () => {
    const server = await launch({ flags: '--engine sglang --api-key sk-test', apiKey: 'sk-test' });
    const next = tempDir('alpha=0.75 "merged"');
    const { model } = await reloadCheckpoint({
      engine: 'sglang',
      baseUrl: server.baseUrl,
      checkpointDir: next,
      apiKey: 'sk-test',
    });
    expect(model).toBe(next);
    expect(await engineState(server)).toMatchObject({ loadedPath: next, servedName: next });
  });

  it("fails with SGLang's message when it answers success: false", async () => {
    const server = await launch({ flags: '--engine sglang --reload-fails' });
    const next = tempDir();
    const err = await reloadError({ engine: 'sglang', baseUrl: server.baseUrl, checkpointDir: next });
    expect(err.status).toBe(400);
    expect(err.message).toBe(
      `SGLang at http://127.0.0.1:${server.port} did not load ${next}: Failed to update weights: ${next} is not a checkpoint. Check that the directory exists on the server's machine and holds a checkpoint of the model it serves`,
    );
  });

  it('fails when get_model_info still reports another path', async () => {
    const server = await launch({ flags: '--engine sglang --stale-path' });
    const next = tempDir('next');
    const err = await reloadError({ engine: 'sglang', baseUrl: server.baseUrl, checkpointDir: next });
    expect(err.message).toMatch(
      /answered that it loaded .*next, but reports model_path ".*checkpoint": the reload did not take effect/,
    );
  });

  it('names the server when it cannot be reached', async () => {
    const url = await closedBaseUrl();
    const err = await reloadError({ engine: 'sglang', baseUrl: url, checkpointDir: '/ckpt' });
    expect(err.message).toBe(
      `POST ${url.slice(0, -3)}/update_weights_from_disk: could not reach the server (connect ECONNREFUSED ${url.slice(7, -3)}); check that it is running and that the URL is right`,
    );
  });
});

describe('reloadCheckpoint: vLLM', () => {
  it('updates the config, reloads the weights, resets the prefix cache, and keeps the served name', async () => {
    const server = await launch({ flags: '--engine vllm --dev-mode' });
    const next = tempDir("alpha=1.25 it's");
    const { model } = await reloadCheckpoint({ engine: 'vllm', baseUrl: server.baseUrl, checkpointDir: next });
    expect(model).toBe('alpha-0.5');
    expect(await engineState(server)).toMatchObject({
      loadedPath: next,
      servedName: 'alpha-0.5',
      prefixCacheResets: 1,
    });
  });

  it('says to set VLLM_SERVER_DEV_MODE=1 when the endpoint is missing', async () => {
    const server = await launch({ flags: '--engine vllm' });
    const err = await reloadError({ engine: 'vllm', baseUrl: server.baseUrl, checkpointDir: tempDir() });
    expect(err.status).toBe(404);
    expect(err.message).toContain(
      `the vLLM server at http://127.0.0.1:${server.port} has no /collective_rpc endpoint: start it with VLLM_SERVER_DEV_MODE=1`,
    );
  });

  it('fails with the body of a 5xx answer', async () => {
    const server = await launch({ flags: '--engine vllm --dev-mode' });
    const err = await reloadError({ engine: 'vllm', baseUrl: `${server.baseUrl}/`, checkpointDir: '/nowhere/alpha=2' });
    expect(err.status).toBe(500);
    expect(err.message).toBe(
      `vLLM at http://127.0.0.1:${server.port} failed to load /nowhere/alpha=2: POST http://127.0.0.1:${server.port}/collective_rpc (reload_weights) answered HTTP 500: {"error":"FileNotFoundError: /nowhere/alpha=2"}`,
    );
  });
});

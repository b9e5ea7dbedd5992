import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENDPOINTS } from '../policy/endpoints';
import { readProblem } from '../problems';
import { call, inProcessSamples, serverSamples } from '../../test/served-samples';
import { startToyServer, type ToyServer, type ToyServerOptions } from './toy-server';

const { lo, hi } = DEMO_ENDPOINTS;
const servers: ToyServer[] = [];
const logs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  logs.length = 0;
});

async function start(opts: Partial<ToyServerOptions> = {}): Promise<ToyServer> {
  const server = await startToyServer({ checkpointDir: lo, log: (l) => logs.push(l), ...opts });
  servers.push(server);
  return server;
}

let expected: { lo: string[][]; hi: string[][] };
let notAPolicy: string;
beforeAll(async () => {
  expected = { lo: await inProcessSamples(lo), hi: await inProcessSamples(hi) };
  notAPolicy = await mkdtemp(join(tmpdir(), 'toy-server-'));
  await writeFile(join(notAPolicy, 'config.json'), JSON.stringify({ model_type: 'llama' }));
});
afterAll(() => rm(notAPolicy, { recursive: true, force: true }));

const chat = (model: string, content: string, extra: object = {}) => ({
  model,
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('toy server: the OpenAI API', () => {
  it('lists the checkpoint directory as the model unless given a name, and answers /health', async () => {
    const server = await start();
    const models = await call(server.url, '/v1/models');
    expect(models.status).toBe(200);
    expect(models.body).toMatchObject({
      object: 'list',
      data: [{ id: lo, object: 'model', owned_by: 'frontier-toy', root: lo }],
    });
    expect(models.body.data?.[0]?.created).toBeGreaterThan(1.7e9);
    expect((await call(server.url, '/health')).status).toBe(200);
    expect(logs.join('\n')).toContain(`serving model "${lo}" on ${server.url}`);
    const named = await start({ servedModelName: 'toy-hi', checkpointDir: hi });
    expect((await call(named.url, '/v1/models')).body.data?.[0]).toMatchObject({ id: 'toy-hi', root: hi });
  });

  it('samples what the in-process backend samples for the same seed, per checkpoint, one or four choices per request', async () => {
    expect(expected.lo).not.toEqual(expected.hi); // so the comparison can tell the checkpoints apart
    for (const dir of [lo, hi]) {
      const server = await start({ checkpointDir: dir, servedModelName: 'toy' });
      const want = dir === lo ? expected.lo : expected.hi;
      expect(await serverSamples(server.url, 'toy', 1)).toEqual(want);
      expect(await serverSamples(server.url, 'toy', 4)).toEqual(want);
    }
  });

  it('answers in the shape vLLM does, and differently without a seed', async () => {
    // theta_0, nearly uniform over the candidates: a trained endpoint may pick one program almost always.
    const server = await start({ servedModelName: 'toy', checkpointDir: DEMO_ENDPOINTS.init });
    const { statement } = readProblem('dijkstra');
    const reply = await call(
      server.url,
      '/v1/chat/completions',
      chat('toy', statement, { n: 3, seed: 4, temperature: 1, max_tokens: 100 }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      object: 'chat.completion',
      model: 'toy',
      usage: { prompt_tokens: expect.any(Number) },
    });
    expect(reply.body.id).toMatch(/^chatcmpl-/);
    expect(reply.body.choices?.map((c) => [c.index, c.finish_reason, c.message.role])).toEqual([
      [0, 'stop', 'assistant'],
      [1, 'stop', 'assistant'],
      [2, 'stop', 'assistant'],
    ]);
    const unseeded = await Promise.all(
      Array.from({ length: 8 }, () => call(server.url, '/v1/chat/completions', chat('toy', statement, { n: 4 }))),
    );
    expect(new Set(unseeded.map((r) => JSON.stringify(r.body.choices?.map((c) => c.message)))).size).toBeGreaterThan(1);
  });

  it('refuses an unknown model, a prompt about no minilab problem, bad parameters and unknown routes, as the engines do', async () => {
    const server = await start({ servedModelName: 'toy' });
    const unknown = await call(server.url, '/v1/chat/completions', chat('other', readProblem('dijkstra').statement));
    expect(unknown).toEqual({
      status: 404,
      body: { error: { message: 'The model `other` does not exist.', type: 'NotFoundError', param: null, code: 404 } },
    });
    const noProblem = await call(server.url, '/v1/chat/completions', chat('toy', 'Write hello world in Python.'));
    expect(noProblem.status).toBe(400);
    expect(noProblem.body.error?.message).toMatch(
      /no minilab problem's statement or title appears in the last user message \("Write hello world/,
    );
    expect((await call(server.url, '/v1/chat/completions', chat('toy', 'x', { n: 0 }))).body.error?.message).toMatch(
      /n must be an integer/,
    );
    expect(
      (await call(server.url, '/v1/chat/completions', { model: 'toy', messages: [] })).body.error?.message,
    ).toMatch(/messages must be a non-empty list/);
    expect((await call(server.url, '/v1/chat/completions', '{not json')).status).toBe(400);
    expect(await call(server.url, '/v1/completions', {})).toEqual({ status: 404, body: { detail: 'Not Found' } });
    expect(await call(server.url, '/v1/models', {})).toEqual({ status: 405, body: { detail: 'Method Not Allowed' } });
  });

  it('refuses to start on a directory that holds no toy policy', async () => {
    await expect(start({ checkpointDir: join(notAPolicy, 'missing') })).rejects.toThrow(/ENOENT/);
    await expect(start({ checkpointDir: notAPolicy })).rejects.toThrow(/not a toy policy/);
  });
});

describe('toy server: SGLang weight reload', () => {
  it('loads a new directory, serves it under its path, and keeps the old weights when a load fails', async () => {
    const server = await start({ servedModelName: 'toy' });
    expect((await call(server.url, '/get_model_info')).body).toEqual({
      model_path: lo,
      tokenizer_path: lo,
      is_generation: true,
    });

    const ok = await call(server.url, '/update_weights_from_disk', { model_path: hi, load_format: 'auto' });
    expect(ok).toEqual({
      status: 200,
      body: { success: true, message: 'Succeeded to update model weights.', num_paused_requests: 0 },
    });
    expect((await call(server.url, '/v1/models')).body.data?.[0]).toMatchObject({ id: hi, root: hi });
    expect((await call(server.url, '/get_model_info')).body).toEqual({
      model_path: hi,
      tokenizer_path: lo,
      is_generation: true,
    });
    expect(await serverSamples(server.url, hi, 4)).toEqual(expected.hi);
    expect(
      (await call(server.url, '/v1/chat/completions', chat('toy', readProblem('dijkstra').statement))).status,
    ).toBe(404);

    for (const bad of [join(notAPolicy, 'missing'), notAPolicy]) {
      const failed = await call(server.url, '/update_weights_from_disk', { model_path: bad });
      expect(failed.status).toBe(400);
      expect(failed.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Failed to update weights: .*Rolling back/),
      });
    }
    expect((await call(server.url, '/get_model_info')).body.model_path).toBe(hi);
    expect(await serverSamples(server.url, hi, 1)).toEqual(expected.hi);
    expect(logs.join('\n')).toMatch(/reload from .* failed, keeping the previous weights/);
    expect((await call(server.url, '/update_weights_from_disk', {})).status).toBe(422);
  });
});

describe('toy server: vLLM dev-mode reload', () => {
  it('serves /collective_rpc only in dev mode', async () => {
    const server = await start();
    expect(await call(server.url, '/collective_rpc', { method: 'reload_weights' })).toEqual({
      status: 404,
      body: { detail: 'Not Found' },
    });
    expect((await call(server.url, '/reset_prefix_cache', {})).status).toBe(404);
  });

  it('reloads the directory update_config names, under the same served name', async () => {
    const server = await start({ servedModelName: 'toy', vllmDevMode: true });
    const update = await call(server.url, '/collective_rpc', {
      method: 'update_config',
      args: [{ model_config: { model: hi } }],
    });
    expect(update).toEqual({ status: 200, body: { results: [null] } });
    expect(await call(server.url, '/reset_prefix_cache', {})).toEqual({ status: 200, body: undefined });
    expect(await serverSamples(server.url, 'toy', 4)).toEqual(expected.lo); // recorded, not loaded yet
    expect(await call(server.url, '/collective_rpc', { method: 'reload_weights', timeout: 60 })).toEqual({
      status: 200,
      body: { results: [null] },
    });
    expect(await serverSamples(server.url, 'toy', 4)).toEqual(expected.hi);
    expect((await call(server.url, '/v1/models')).body.data?.[0]).toMatchObject({ id: 'toy', root: lo });

    // The overrides as JSON text, as vLLM's serialised-arguments convention sends them.
    await call(server.url, '/collective_rpc', {
      method: 'update_config',
      args: [JSON.stringify({ model_config: { model: lo } })],
    });
    expect((await call(server.url, '/collective_rpc', { method: 'reload_weights' })).status).toBe(200);
    expect(await serverSamples(server.url, 'toy', 1)).toEqual(expected.lo);

    await call(server.url, '/collective_rpc', {
      method: 'update_config',
      args: [{ model_config: { model: notAPolicy } }],
    });
    const failed = await call(server.url, '/collective_rpc', { method: 'reload_weights' });
    expect(failed.status).toBe(500);
    expect(failed.body.error?.message).toMatch(/reload_weights failed: .*not a toy policy/);
    expect(await serverSamples(server.url, 'toy', 1)).toEqual(expected.lo);

    const unknown = await call(server.url, '/collective_rpc', { method: 'sleep' });
    expect(unknown.status).toBe(500);
    expect(unknown.body.error?.message).toMatch(/no method "sleep"/);
    expect(
      (await call(server.url, '/collective_rpc', { method: 'update_config', args: [{ scheduler_config: {} }] })).body
        .error?.message,
    ).toMatch(/`scheduler_config` not supported/);
    expect(await call(server.url, '/collective_rpc', {})).toEqual({
      status: 400,
      body: { detail: "Missing 'method' in request body" },
    });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listModels, requireModel } from '../../src/index';
import { closedBaseUrl, servingError } from './fake-engine';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server answering every request with `status` and `body`; resolves to its base URL. */
async function answering(status: number, body: string, seen: string[] = []): Promise<string> {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`.trim());
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const LIST = JSON.stringify({
  object: 'list',
  data: [
    { id: 'alpha-0', object: 'model' },
    { id: 'alpha-1', object: 'model' },
  ],
});

describe('listModels', () => {
  it('reads data[].id, sending the API key', async () => {
    const seen: string[] = [];
    const url = await answering(200, LIST, seen);
    expect(await listModels(`${url}/`, { apiKey: 'sk-x' })).toEqual(['alpha-0', 'alpha-1']);
    expect(seen).toEqual(['GET /v1/models Bearer sk-x']);
  });

  it('fails with the status and a snippet of the body', async () => {
    const url = await answering(401, '{"error":"invalid key"}');
    const err = await servingError(listModels(url));
    expect(err.status).toBe(401);
    expect(err.message).toBe(`GET ${url}/models answered HTTP 401 (check the API key): {"error":"invalid key"}`);
  });

  it('fails on a reply that is not a model list', async () => {
    const url = await answering(200, '<html>hello</html>');
    expect((await servingError(listModels(url))).message).toBe(
      `GET ${url}/models did not answer with a model list ({"data": [{"id": ...}]}): <html>hello</html>; is this an OpenAI-compatible server?`,
    );
  });

  it('names the URL of a server it cannot reach', async () => {
    const url = await closedBaseUrl();
    const err = await servingError(listModels(url));
    expect(err.message).toBe(
      `GET ${url}/models: could not reach the server (connect ECONNREFUSED ${url.slice(7, -3)}); check that it is running and that the URL is right`,
    );
  });
});

describe('requireModel', () => {
  it('passes when the server lists the model', async () => {
    const url = await answering(200, LIST);
    await expect(requireModel(url, 'alpha-1', { checkpointDir: '/ckpt/alpha=1' })).resolves.toBeUndefined();
  });

  it('says which directory to serve under the missing name', async () => {
    const url = await answering(200, LIST);
    const err = await servingError(requireModel(url, 'alpha-0.5', { checkpointDir: '/ckpt/s 1/alpha=0.5' }));
    expect(err.message).toBe(
      `the server at ${url} serves no model named "alpha-0.5" (it serves: alpha-0, alpha-1). Serve the checkpoint directory /ckpt/s 1/alpha=0.5 under that name, e.g. \`vllm serve '/ckpt/s 1/alpha=0.5' --served-model-name alpha-0.5\``,
    );
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GenerationBackendError,
  OpenAICompatibleBackend,
  type GeneratedSample,
  type GenerationRequest,
  type OpenAIBackendOptionsInput,
} from '../src/index';
import {
  completion,
  echoN,
  pythonReply,
  startFakeServer,
  type FakeHandler,
  type FakeServer,
} from './fake-openai-server';

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: FakeHandler): Promise<FakeServer> {
  const server = await startFakeServer(handler);
  servers.push(server);
  return server;
}

// Small delays keep the suite fast; no jitter keeps it deterministic.
function backend(
  server: FakeServer | string,
  options: Partial<OpenAIBackendOptionsInput> = {},
): OpenAICompatibleBackend {
  const baseUrl = typeof server === 'string' ? server : server.url;
  return new OpenAICompatibleBackend(
    {
      baseUrl,
      model: 'test-model',
      maxRetries: 2,
      retryBaseDelayMs: 5,
      retryMaxDelayMs: 500,
      timeoutMs: 2_000,
      ...options,
    },
    { random: () => 0 },
  );
}

const problem: GenerationRequest = {
  problemId: 'two-sum',
  title: 'Two Sum',
  statement: 'Read two integers and print their sum.',
  language: 'python',
  n: 1,
};

async function collect(samples: AsyncIterable<GeneratedSample>): Promise<GeneratedSample[]> {
  const out: GeneratedSample[] = [];
  for await (const s of samples) out.push(s);
  return out.sort((a, b) => a.idx - b.idx);
}

/** The error `collect` throws, with the samples that arrived before it. */
async function failure(samples: AsyncIterable<GeneratedSample>): Promise<{ error: Error; got: GeneratedSample[] }> {
  const got: GeneratedSample[] = [];
  try {
    for await (const s of samples) got.push(s);
  } catch (error) {
    return { error: error as Error, got };
  }
  throw new Error('expected generation to fail');
}

describe('OpenAICompatibleBackend: requests', () => {
  it('asks for n choices in one request and extracts each program', async () => {
    const server = await serve(echoN());
    const b = backend(server, {
      apiKey: 'sk-test',
      samplesPerRequest: 4,
      temperature: 0.6,
      topP: 0.95,
      maxTokens: 1234,
    });
    const samples = await collect(b.generate({ ...problem, n: 4 }));

    expect(samples.map((s) => s.idx)).toEqual([0, 1, 2, 3]);
    expect(samples.map((s) => s.code)).toEqual(['print(0)\n', 'print(1)\n', 'print(2)\n', 'print(3)\n']);
    expect(samples[0]).toMatchObject({ raw: pythonReply(0), finishReason: 'stop' });
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toMatchObject({ model: 'test-model', temperature: 0.6, top_p: 0.95, max_tokens: 1234, n: 4 });
    const messages = req?.body.messages as Array<{ role: string; content: string }>;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.role).toBe('user');
    expect(messages[0]?.content).toContain(problem.statement);
    expect(messages[0]?.content).toContain('Two Sum');
    expect(messages[0]?.content).toContain('```python');
  });

  it('sends one request per sample without n, an API key or top_p, with the system prompt and a seed per sample', async () => {
    const server = await serve(echoN());
    const b = backend(server, {
      systemPrompt: 'You are a careful programmer.',
      promptTemplate: 'Problem {problemId} in {language}:\n{statement}',
    });
    const samples = await collect(b.generate({ ...problem, language: 'cpp', n: 3, seed: 100 }));

    expect(samples.map((s) => s.idx)).toEqual([0, 1, 2]);
    expect(samples.every((s) => s.code === '')).toBe(true); // python blocks, C++ asked for
    expect(server.requests).toHaveLength(3);
    for (const req of server.requests) {
      expect(req.headers.authorization).toBeUndefined();
      expect(req.body).not.toHaveProperty('n');
      expect(req.body).not.toHaveProperty('top_p');
      expect(req.body.messages).toEqual([
        { role: 'system', content: 'You are a careful programmer.' },
        { role: 'user', content: `Problem two-sum in C++17:\n${problem.statement}` },
      ]);
    }
    expect(server.requests.map((r) => r.body.seed).sort()).toEqual([100, 101, 102]);
  });

  it('produces only the requested indexes, batched by samplesPerRequest', async () => {
    const server = await serve(echoN());
    const samples = await collect(
      backend(server, { samplesPerRequest: 2 }).generate({ ...problem, n: 10, indexes: [9, 3, 5, 4] }),
    );
    expect(samples.map((s) => s.idx)).toEqual([3, 4, 5, 9]);
    expect(server.requests.map((r) => r.body.n ?? 1).sort()).toEqual([1, 1, 2]);
  });

  it('batches only consecutive indexes, so choice k of a request seeded S + i is sample i + k', async () => {
    const server = await serve(echoN());
    const samples = await collect(
      backend(server, { samplesPerRequest: 4 }).generate({ ...problem, n: 10, indexes: [0, 1, 2, 5, 6], seed: 50 }),
    );
    expect(samples.map((s) => s.idx)).toEqual([0, 1, 2, 5, 6]);
    const sent = server.requests
      .map((r) => ({ seed: r.body.seed, n: r.body.n }))
      .sort((a, b) => Number(a.seed) - Number(b.seed));
    expect(sent).toEqual([
      { seed: 50, n: 3 },
      { seed: 55, n: 2 },
    ]);
  });

  it('falls back to separate requests when the server returns fewer choices than n', async () => {
    const server = await serve(() => ({ body: completion([pythonReply(7)]) })); // ignores n
    const samples = await collect(backend(server, { samplesPerRequest: 3 }).generate({ ...problem, n: 3 }));
    expect(samples.map((s) => s.idx)).toEqual([0, 1, 2]);
    expect(server.requests.map((r) => r.body.n ?? 1)).toEqual([3, 1, 1]);
  });

  it('orders choices by their index field', async () => {
    const body = completion(['```python\nb\n```', '```python\na\n```']) as { choices: Array<{ index: number }> };
    body.choices.forEach((c, i) => (c.index = 1 - i));
    const server = await serve(() => ({ body }));
    const samples = await collect(backend(server, { samplesPerRequest: 2 }).generate({ ...problem, n: 2 }));
    expect(samples.map((s) => s.code)).toEqual(['a\n', 'b\n']);
  });

  it('records a reply with no code block as an empty program', async () => {
    const server = await serve(() => ({ body: completion(['I am not sure how to solve this.']) }));
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample).toEqual({
      idx: 0,
      code: '',
      raw: 'I am not sure how to solve this.',
      finishReason: 'stop',
      responseChars: 32,
    });
  });

  it("records a sample's completion tokens only where exact: its own token_ids, or the usage of a one-choice reply", async () => {
    const withUsage = (body: object, tokens: number) => ({ ...body, usage: { completion_tokens: tokens } });
    const server = await serve((req) => {
      const n = typeof req.body.n === 'number' ? req.body.n : 1;
      const body = completion(Array.from({ length: n }, (_, i) => pythonReply(i))) as {
        choices: Array<Record<string, unknown>>;
      };
      if (req.body.return_token_ids) body.choices.forEach((c, i) => (c.token_ids = Array(10 + i).fill(7)));
      return { body: withUsage(body, 40 * n) };
    });
    const tokens = async (options: Partial<OpenAIBackendOptionsInput>, n: number) =>
      (await collect(backend(server, options).generate({ ...problem, n })))
        .sort((a, b) => a.idx - b.idx)
        .map((s) => s.completionTokens);
    // One choice a request: the usage is that choice's.
    expect(await tokens({}, 2)).toEqual([40, 40]);
    // Three choices: the usage (120) is their sum, never split.
    expect(await tokens({ samplesPerRequest: 3 }, 3)).toEqual([undefined, undefined, undefined]);
    // Asked for token ids: each choice's own count.
    expect(await tokens({ samplesPerRequest: 3, extraBody: { return_token_ids: true } }, 3)).toEqual([10, 11, 12]);
  });

  it("counts the reasoning a server returns apart in the response's length", async () => {
    const body = completion([pythonReply(1)]) as { choices: Array<{ message: Record<string, unknown> }> };
    body.choices[0]!.message.reasoning_content = 'Let me think… 😀';
    const server = await serve(() => ({ body }));
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample!.responseChars).toBe(15 + pythonReply(1).length);
    expect(sample!.code).toBe('print(1)\n');
  });

  it('records null content cut off by max tokens (a reasoning model still thinking) as an empty program', async () => {
    const server = await serve(() => ({ body: completion([null], 'length') }));
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample).toMatchObject({ idx: 0, code: '', finishReason: 'length' });
  });

  it('never allows more requests in flight than the concurrency limit, across problems', async () => {
    const server = await serve((req, nth) => ({ body: completion([pythonReply(nth)]), delayMs: 20 }));
    const b = backend(server, { concurrency: 3 });
    const results = await Promise.all([
      collect(b.generate({ ...problem, n: 6 })),
      collect(b.generate({ ...problem, problemId: 'other', n: 6 })),
    ]);
    expect(results.map((r) => r.length)).toEqual([6, 6]);
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight()).toBe(3);
  });
});

describe('OpenAICompatibleBackend: retries', () => {
  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    const server = await serve((_, nth) =>
      nth === 0
        ? { status: 429, headers: { 'retry-after': '0.25' }, body: { error: { message: 'slow down' } } }
        : { body: completion([pythonReply(1)]) },
    );
    const started = Date.now();
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample?.code).toBe('print(1)\n');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('retries 500 answers with backoff, then succeeds', async () => {
    const server = await serve((_, nth) =>
      nth < 2 ? { status: 500, body: 'Internal Server Error' } : { body: completion([pythonReply(2)]) },
    );
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample?.code).toBe('print(2)\n');
    expect(server.requests).toHaveLength(3);
  });

  it('gives up on 5xx after maxRetries, naming the URL and the status', async () => {
    const server = await serve(() => ({ status: 503, body: { error: { message: 'model is loading' } } }));
    const { error } = await failure(backend(server, { maxRetries: 1 }).generate(problem));
    expect(error).toBeInstanceOf(GenerationBackendError);
    expect(error.message).toBe(
      `POST ${server.url}/chat/completions: HTTP 503 server error (server said: model is loading) (gave up after 2 attempts)`,
    );
    expect((error as GenerationBackendError).details).toEqual({
      url: `${server.url}/chat/completions`,
      status: 503,
      attempts: 2,
      retried: true,
    });
  });

  it('times out a hanging request and succeeds on the retry', async () => {
    const server = await serve((_, nth) => (nth === 0 ? { hang: true } : { body: completion([pythonReply(3)]) }));
    const [sample] = await collect(backend(server, { timeoutMs: 150 }).generate(problem));
    expect(sample?.code).toBe('print(3)\n');
    expect(server.requests).toHaveLength(2);
  });

  it('fails when every attempt times out', async () => {
    const server = await serve(() => ({ hang: true }));
    const { error } = await failure(backend(server, { timeoutMs: 100, maxRetries: 2 }).generate(problem));
    expect(error.message).toContain(
      `POST ${server.url}/chat/completions: no complete reply within 100 ms (timeout) (gave up after 3 attempts)`,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('times out a server that sends headers and then stalls the body', async () => {
    // Headers and the start of the body go out; the rest never comes.
    const raw = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices": [');
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      const { port } = raw.address() as AddressInfo;
      const { error } = await failure(
        backend(`http://127.0.0.1:${port}/v1`, { timeoutMs: 100, maxRetries: 0 }).generate(problem),
      );
      expect(error.message).toContain('(timeout)');
    } finally {
      raw.closeAllConnections();
      raw.close();
    }
  });

  it('retries a malformed JSON body, then succeeds', async () => {
    const server = await serve((_, nth) =>
      nth === 0 ? { body: '{"choices": [{"mess' } : { body: completion([pythonReply(4)]) },
    );
    const [sample] = await collect(backend(server).generate(problem));
    expect(sample?.code).toBe('print(4)\n');
    expect(server.requests).toHaveLength(2);
  });

  it('fails with a clear message when the body stays malformed', async () => {
    const server = await serve(() => ({ body: '<html>Bad Gateway</html>' }));
    const { error } = await failure(backend(server).generate(problem));
    expect(error.message).toMatch(
      new RegExp(
        `^POST ${server.url}/chat/completions: HTTP 200 with malformed JSON \\(.+\\): <html>Bad Gateway</html> \\(gave up after 3 attempts\\)$`,
      ),
    );
    expect(server.requests).toHaveLength(3);
  });

  it('fails with a clear message when a reply has no message content', async () => {
    const server = await serve(() => ({
      body: { choices: [{ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' }] },
    }));
    const { error } = await failure(backend(server, { maxRetries: 0 }).generate(problem));
    expect(error.message).toContain('HTTP 200 but not a chat completion: response.choices.0.message.content');
    expect(error.message).toContain('(gave up after 1 attempt)');
  });

  it('fails when a reply has no choices at all', async () => {
    const server = await serve(() => ({ body: { object: 'error', message: 'oops' } }));
    const { error } = await failure(backend(server, { maxRetries: 0 }).generate(problem));
    expect(error.message).toContain('response.choices');
  });
});

describe('OpenAICompatibleBackend: failing fast', () => {
  it('does not retry 401, and never shows the API key', async () => {
    const server = await serve(() => ({ status: 401, body: { error: { message: 'invalid key sk-secret-123' } } }));
    const { error } = await failure(backend(server, { apiKey: 'sk-secret-123', maxRetries: 5 }).generate(problem));
    expect(server.requests).toHaveLength(1);
    expect(error.message).toBe(
      `POST ${server.url}/chat/completions: HTTP 401 unauthorized: check the API key (server said: invalid key [api key])`,
    );
    expect(error.message).not.toContain('sk-secret-123');
    expect((error as GenerationBackendError).details).toMatchObject({ status: 401, attempts: 1, retried: false });
  });

  it('does not retry 404 and says what to check', async () => {
    const server = await serve(() => ({
      status: 404,
      body: { error: { message: 'The model `nope` does not exist.' } },
    }));
    const { error } = await failure(backend(server, { model: 'nope' }).generate(problem));
    expect(server.requests).toHaveLength(1);
    expect(error.message).toContain('HTTP 404 model or endpoint not found');
    expect(error.message).toContain('The model `nope` does not exist.');
  });

  it('fails with a clear message when the endpoint is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const { error } = await failure(backend(`http://127.0.0.1:${port}/v1`, { maxRetries: 1 }).generate(problem));
    expect(error.message).toBe(
      `POST http://127.0.0.1:${port}/v1/chat/completions: network error: connect ECONNREFUSED 127.0.0.1:${port} (gave up after 2 attempts)`,
    );
  });

  it('delivers the samples finished before a failure, then throws', async () => {
    const server = await serve((_, nth) =>
      nth === 0 ? { body: completion([pythonReply(0)]) } : { status: 401, delayMs: 100, body: {} },
    );
    const { error, got } = await failure(backend(server, { concurrency: 1 }).generate({ ...problem, n: 2 }));
    expect(got.map((s) => s.idx)).toEqual([0]);
    expect(error.message).toContain('HTTP 401');
  });
});

describe('OpenAICompatibleBackend: cancellation', () => {
  it('stops at once when the request signal aborts, cancelling requests in flight', async () => {
    const server = await serve(() => ({ hang: true }));
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(new Error('job cancelled')), 50);
    const { error } = await failure(
      backend(server, { concurrency: 4 }).generate({ ...problem, n: 4, signal: ctrl.signal }),
    );
    expect(error.message).toBe('job cancelled');
    await expect.poll(() => server.inFlight()).toBe(0);
  });

  it('cancels the remaining requests when the consumer stops early', async () => {
    const server = await serve((_, nth) => (nth === 0 ? { body: completion([pythonReply(0)]) } : { hang: true }));
    for await (const sample of backend(server, { concurrency: 3 }).generate({ ...problem, n: 3 })) {
      expect(sample.idx).toBe(0);
      break;
    }
    await expect.poll(() => server.inFlight()).toBe(0);
  });

  it('close() aborts what is in flight and refuses new work', async () => {
    const server = await serve(() => ({ hang: true }));
    const b = backend(server);
    const pending = failure(b.generate(problem));
    await expect.poll(() => server.inFlight()).toBe(1);
    await b.close();
    expect((await pending).error.message).toBe('openai:test-model: backend closed');
    expect((await failure(b.generate(problem))).error.message).toBe('openai:test-model: backend closed');
  });
});

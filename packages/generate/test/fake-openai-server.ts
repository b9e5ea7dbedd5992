import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small server speaking the OpenAI chat-completions protocol, scripted per test.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is (to send malformed JSON); anything else as JSON. */
  body?: unknown;
  delayMs?: number;
  /** Never answer; the client has to give up. */
  hang?: boolean;
}

/** `nth` counts requests from 0 in arrival order. */
export type FakeHandler = (req: RecordedRequest, nth: number) => FakeReply;

export interface FakeServer {
  /** The base URL, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  inFlight(): number;
  maxInFlight(): number;
  close(): Promise<void>;
}

export function completion(contents: Array<string | null>, finishReason = 'stop'): object {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: 'test-model',
    choices: contents.map((content, index) => ({
      index,
      message: { role: 'assistant', content },
      finish_reason: finishReason,
    })),
  };
}

export const pythonReply = (i: number): string => `Here is my solution.\n\n\`\`\`python\nprint(${i})\n\`\`\`\n`;

/** Answers with `n` (default 1) python replies, the k-th printing the running count. */
export const echoN = (): FakeHandler => {
  let made = 0;
  return (req) => {
    const n = typeof req.body.n === 'number' ? req.body.n : 1;
    return { body: completion(Array.from({ length: n }, () => pythonReply(made++))) };
  };
};

/**
 * `models` is what `GET /v1/models` lists (those requests are answered apart: `requests` holds
 * only chat completions and unknown routes).
 */
export async function startFakeServer(
  handler: FakeHandler,
  { models = [] }: { models?: string[] } = {},
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    const finish = (): void => {
      if (!done) inFlight--;
      done = true;
    };
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) }),
        );
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : {},
      };
      requests.push(recorded);
      const reply =
        recorded.path === '/v1/chat/completions'
          ? handler(recorded, requests.length - 1)
          : { status: 404, body: { error: { message: 'no such route' } } };
      if (reply.hang) return;
      setTimeout(() => {
        if (res.destroyed) return;
        const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(body);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

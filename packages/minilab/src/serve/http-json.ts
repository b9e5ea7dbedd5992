// JSON in and out for the stand-in server, with the error bodies the real engines send.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  /** Sent as JSON; `undefined` sends an empty body (vLLM's /health). */
  body?: unknown;
}

export class HttpError extends Error {
  constructor(
    readonly reply: Reply,
    message: string,
  ) {
    super(message);
  }
}

/** The OpenAI error shape vLLM uses (`type` names the HTTP status, as vLLM's do). */
export function openAIError(status: number, type: string, message: string): HttpError {
  return new HttpError({ status, body: { error: { message, type, param: null, code: status } } }, message);
}

/** FastAPI's shape, for routes that are not OpenAI's (404 on an unknown path, a bad RPC body). */
export function detailError(status: number, detail: string): HttpError {
  return new HttpError({ status, body: { detail } }, detail);
}

export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    throw openAIError(400, 'BadRequestError', `JSON decode error: ${(err as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw openAIError(400, 'BadRequestError', 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function sendReply(res: ServerResponse, reply: Reply, onSent?: () => void): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text, onSent);
}

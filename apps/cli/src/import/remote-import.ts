import { once } from 'node:events';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ImportFields, ImportReport } from '@frontier/db';
import { CliError } from '../errors';
import { progressBar } from '../progress';
import { uploadBody, type UploadBody } from './upload-body';

export interface ServerOptions {
  server: string;
  token?: string;
  /** Wait for the server's workers to aggregate the import, as a local import does. */
  wait: boolean;
  /** A study archive's name on the server. */
  as?: string;
}

interface Answer {
  status: number;
  body: unknown;
}

export function endpoint(server: string, path: string): URL {
  let base: URL | undefined;
  try {
    base = new URL(server.endsWith('/') ? server : `${server}/`);
  } catch {
    // reported below
  }
  if (base?.protocol !== 'http:' && base?.protocol !== 'https:')
    throw new CliError(
      `--server must be an http(s) URL such as https://frontier.example.org (got ${JSON.stringify(server)})`,
    );
  return new URL(path, base);
}

function headersFor(token: string | undefined): OutgoingHttpHeaders {
  return { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
}

/**
 * Streams the body as it is read from the disk (waiting when the network falls behind). The server
 * may answer before it has read everything (401, 413): the rest is then not sent.
 */
function post(
  url: URL,
  headers: OutgoingHttpHeaders,
  body: UploadBody,
  onSent: (bytes: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((r) => (answer = r));
    let done = false;
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: 'POST', headers });
    req.on('response', (res) => {
      done = true;
      answer!();
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        req.destroy(); // what the server did not wait for is not sent
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // a proxy's HTML error page: shown as text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (done) return;
      done = true;
      const cut = err.code === 'ECONNRESET' || err.code === 'EPIPE';
      const why = cut
        ? ': the server closed the connection during the upload (the file may be larger than its FRONTIER_IMPORT_MAX_BYTES)'
        : '';
      reject(new CliError(`cannot send to ${url.origin} (${err.message})${why}; nothing was imported`));
    });
    void (async () => {
      let sent = 0;
      for await (const chunk of body.open()) {
        if (done) return;
        sent += chunk.byteLength;
        onSent(sent);
        if (!req.write(chunk)) await Promise.race([once(req, 'drain'), answered]);
      }
      if (!done) req.end();
    })().catch((err: unknown) => {
      if (done) return;
      done = true;
      req.destroy();
      reject(new CliError(`cannot read what to send: ${(err as Error).message}`));
    });
  });
}

function refusal({ status, body }: Answer, token: string | undefined): CliError {
  const given = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  const message =
    typeof given === 'string'
      ? given
      : typeof body === 'string' && body.trim()
        ? body.trim().slice(0, 500)
        : 'no message';
  if (status === 401) {
    return new CliError(
      token
        ? `the server does not accept this token (HTTP 401): it is unknown or revoked; make a new one with \`frontier token create EMAIL\` on the server`
        : `the server needs an API token (HTTP 401): pass --token or set FRONTIER_TOKEN (make one with \`frontier token create EMAIL\` on the server)`,
    );
  }
  if (status === 403) return new CliError(`the server refused the import (HTTP 403): ${message}`);
  if (status === 413) return new CliError(`the server refused the upload as too large (HTTP 413): ${message}`);
  // A study archive's name clash: the server names its query parameter; the flag is --as.
  if (status === 409)
    return new CliError(`${message.replaceAll("the query parameter 'as'", '--as NAME')}\nnothing was imported`);
  return new CliError(`the server refused the import (HTTP ${status}): ${message}`);
}

async function getJson(url: URL, token: string | undefined): Promise<Answer> {
  const res = await fetch(url, { headers: headersFor(token) as Record<string, string> }).catch((err: unknown) => {
    throw new CliError(`cannot reach ${url.origin} (${(err as Error).message})`);
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** Polls the import's aggregation job until it is done, so the numbers are in the browser on return. */
async function waitForAggregation(options: ServerOptions, jobId: number): Promise<void> {
  const url = endpoint(options.server, `api/jobs/${jobId}`);
  // Said only when it takes a while: a server whose workers are stopped would otherwise look hung.
  const note = setTimeout(
    () =>
      process.stderr.write(
        `waiting for the server's workers to aggregate the import (job ${jobId}); --no-wait returns without waiting\n`,
      ),
    5000,
  );
  try {
    await pollJob(url, options.token, jobId);
  } finally {
    clearTimeout(note);
  }
}

async function pollJob(url: URL, token: string | undefined, jobId: number): Promise<void> {
  for (let i = 0; ; i++) {
    const answer = await getJson(url, token);
    if (answer.status !== 200) throw refusal(answer, token);
    const job = (answer.body as { job: { state: string; error: string | null } }).job;
    if (job.state === 'SUCCEEDED') return;
    if (job.state === 'FAILED' || job.state === 'CANCELLED')
      throw new CliError(`aggregation (job ${jobId}) ${job.state.toLowerCase()}: ${job.error ?? 'unknown error'}`);
    await new Promise((r) => setTimeout(r, Math.min(2000, 100 * (i + 1))));
  }
}

/** `frontier import PATH --server URL`: the same import, done by the server's POST /api/imports. */
export async function remoteImport(path: string, flags: ImportFields, options: ServerOptions): Promise<ImportReport> {
  const body = await uploadBody(path, flags);
  const url = endpoint(options.server, 'api/imports');
  const query: Record<string, string> = { ...body.names };
  for (const key of ['study', 'alpha', 'setting', 'scale', 'role', 'benchmark'] as const) {
    if (flags[key] !== undefined) query[key] = key === 'role' ? String(flags[key]).toLowerCase() : String(flags[key]);
  }
  if (options.as !== undefined) query.as = options.as;
  url.search = new URLSearchParams(query).toString();
  const headers: OutgoingHttpHeaders = {
    ...headersFor(options.token),
    'content-type': body.contentType,
    ...(body.bytes !== undefined && { 'content-length': body.bytes }),
  };
  const bar = progressBar('uploading');
  bar.start(body.estimate);
  const answer = await post(url, headers, body, (sent) => bar.update(Math.min(sent, body.estimate))).finally(() =>
    bar.stop(),
  );
  if (answer.status !== 200 && answer.status !== 201) throw refusal(answer, options.token);
  const summary = answer.body as ImportReport;
  if (options.wait && summary.aggregateJobId !== null) await waitForAggregation(options, summary.aggregateJobId);
  return summary;
}

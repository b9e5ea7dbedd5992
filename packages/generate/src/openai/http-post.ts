import http from 'node:http';
import https from 'node:https';

// !: node:http rather than global fetch on purpose. Node's fetch (undici) gives up on its own
// after 300 s without response headers, and a non-streaming completion sends no headers until
// the whole reply is generated, so long reasoning replies would fail whatever timeoutMs says.

export interface HttpReply {
  status: number;
  header(name: string): string | null;
  text: string;
}

export class HttpTransport {
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  /** POSTs `body`; rejects on network errors and when `signal` aborts (no timeout of its own). */
  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<HttpReply> {
    return this.send('POST', url, headers, body, signal);
  }

  /** GETs `url`, as `post` does. */
  get(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<HttpReply> {
    return this.send('GET', url, headers, undefined, signal);
  }

  private send(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<HttpReply> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = secure ? https.request : http.request;
    return new Promise<HttpReply>((resolve, reject) => {
      const req = request(
        target,
        {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          agent: secure ? this.agents.https : this.agents.http,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('connection closed before the reply was complete')));
          res.on('end', () => {
            if (!res.complete) return reject(new Error('connection closed before the reply was complete'));
            const h = res.headers;
            resolve({
              status: res.statusCode ?? 0,
              header: (name) => {
                const v = h[name.toLowerCase()];
                return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
              },
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** An error whose message is safe to show to API clients, with the status code to send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: readonly ApiIssue[],
    /** Response headers the status calls for, e.g. Retry-After with a 429. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ApiIssue {
  /** Where the problem is, e.g. "query.difficulty" or "params.id". */
  readonly path: string;
  readonly message: string;
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

/**
 * Reaching a checkpoint on an inference server failed: the server is unreachable, does not serve
 * the model, did not start, or did not load the weights. The message says what happened, where,
 * and what to do; it never contains the API key.
 */
export class ServingError extends Error {
  override readonly name = 'ServingError';
  /** HTTP status of the answer behind the error, when the server answered. */
  readonly status?: number;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.status !== undefined) this.status = options.status;
  }
}

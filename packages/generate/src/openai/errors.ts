export interface GenerationErrorDetails {
  url: string;
  /** HTTP status of the last attempt, when the server answered. */
  status?: number;
  attempts: number;
  /** True when the request gave up after retrying; false when it failed fast (e.g. 401). */
  retried: boolean;
}

/** A chat-completions request that failed for good. The message never contains the API key. */
export class GenerationBackendError extends Error {
  override readonly name = 'GenerationBackendError';
  constructor(
    message: string,
    readonly details: GenerationErrorDetails,
  ) {
    super(message);
  }
}

// Errors the callers of packages/db can tell apart without reading messages: an app maps them to
// its own words (the CLI to an exit code, the web to a 4xx status).

/** Something the caller named (a study, a job) does not exist. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The caller's input is invalid; the message says what and where. */
export class InvalidInputError extends Error {
  override name = 'InvalidInputError';
}

/** The study holds no valid evaluation settings, so no alpha can be evaluated for it. */
export class StudyNotEvaluableError extends InvalidInputError {
  override name = 'StudyNotEvaluableError';
  constructor(
    readonly studyName: string,
    /** Where the settings are invalid, e.g. `backend.baseUrl: Invalid URL`. */
    readonly issues: readonly string[],
  ) {
    super(`study "${studyName}" has no valid evaluation settings: ${issues.join('; ')}`);
  }
}

/** A limit held in the database is reached (e.g. alphas queued per study): retry once it frees up. */
export class LimitReachedError extends Error {
  override name = 'LimitReachedError';
  constructor(
    message: string,
    /** A fair wait before trying again, in seconds (an HTTP Retry-After). */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** What was asked conflicts with work in progress (e.g. a second refinement run of one study). */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

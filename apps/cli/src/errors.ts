import { InvalidInputError, NotFoundError } from '@frontier/db';

// An error whose message is meant for the user as is (no stack trace), with its exit code.
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Input errors of packages/db are the user's to fix: shown as they are, without a stack. */
export function asCliError(err: unknown): never {
  if (err instanceof InvalidInputError || err instanceof NotFoundError) throw new CliError(err.message);
  throw err;
}

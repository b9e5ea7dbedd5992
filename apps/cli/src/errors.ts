// An error whose message is meant for the user as is (no stack trace), with its exit code.
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** Bad input (benchmark, samples, options): the message names the offending record. */
export class JudgeInputError extends Error {
  override name = 'JudgeInputError';
}

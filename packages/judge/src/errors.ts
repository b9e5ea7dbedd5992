/** Bad input (benchmark, samples, options): the message names the offending record. */
export class JudgeInputError extends Error {
  override name = 'JudgeInputError';
}

/** The machine cannot run the judge as asked (no usable sandbox backend): the message says what to enable. */
export class JudgeSetupError extends Error {
  override name = 'JudgeSetupError';
}

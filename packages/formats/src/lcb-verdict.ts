import type { Verdict } from '@frontier/core';

/**
 * LiveCodeBench's `error_code` in a failed sample's metadata. -1 is LCB's "compilation error"
 * bucket (code that could not be extracted, a syntax error): the model's fault, so CE. -5 is
 * LCB's TestRunnerError, a fault of the harness: IE, which is never counted against the model.
 */
export const LCB_ERROR_CODES: ReadonlyMap<number, Verdict> = new Map<number, Verdict>([
  [-1, 'CE'],
  [-2, 'WA'],
  [-3, 'TLE'],
  [-4, 'RE'],
  [-5, 'IE'],
]);

export function describeLcbErrorCodes(): string {
  return [...LCB_ERROR_CODES].map(([code, verdict]) => `${code} ${verdict}`).join(', ');
}

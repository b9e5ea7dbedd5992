import { missingServePlaceholders, type ServePlaceholder } from '@frontier/core';
import { ServingError } from './errors';

/** `s` as one word for `sh`, whatever it holds (spaces, quotes, `$`). */
export function shellQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/** `s` unchanged when `sh` reads it as one plain word, else quoted: for commands shown to people. */
export function quoteIfNeeded(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : shellQuote(s);
}

export type ServeValues = Record<ServePlaceholder, string | number>;

/**
 * Checks a launch command template: it must place the checkpoint, the served name and the port,
 * or the server could never be found serving that checkpoint on the port we chose.
 */
export function checkServeCommand(template: string): void {
  const missing = missingServePlaceholders(template);
  if (missing.length > 0) {
    throw new ServingError(
      `the serve command lacks ${missing.map((p) => `{${p}}`).join(', ')}: it must start a server on {checkpoint}, listening on {port}, serving it as {model}, ` +
        `e.g. 'vllm serve {checkpoint} --served-model-name {model} --port {port}'`,
    );
  }
}

/**
 * The template with `{checkpoint}`, `{model}` and `{port}` replaced by shell-quoted values, so a
 * path with spaces or quotes stays one argument. A placeholder the template already wraps in
 * quotes (`'{checkpoint}'`, `"{checkpoint}"`) is replaced with its quotes. Other braces stay.
 */
export function renderServeCommand(template: string, values: ServeValues): string {
  return template.replace(/(['"]?)\{(checkpoint|model|port)\}\1/g, (_all, _quote: string, name: keyof ServeValues) =>
    shellQuote(String(values[name])),
  );
}

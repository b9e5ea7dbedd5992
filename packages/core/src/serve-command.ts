// A launch-mode serve command is a template: the pipeline fills in the checkpoint directory, the
// name to serve it under and a free port. Without all three the server could never be found
// serving that checkpoint on the port chosen for it.

export const SERVE_PLACEHOLDERS = ['checkpoint', 'model', 'port'] as const;

export type ServePlaceholder = (typeof SERVE_PLACEHOLDERS)[number];

/** The placeholders a serve command template lacks, in SERVE_PLACEHOLDERS order. */
export function missingServePlaceholders(template: string): ServePlaceholder[] {
  return SERVE_PLACEHOLDERS.filter((p) => !template.includes(`{${p}}`));
}

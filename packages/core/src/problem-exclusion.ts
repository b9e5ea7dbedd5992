// Excluded problems: a study leaves them out of every number, with a reason (LiveCodeBench's
// errata: tests that accept several outputs, interactive problems, broken tests). The rules for a
// reason and for a list of exclusions, shared by the CLI, the API and the problem page.

/** The longest reason kept: a sentence or two. */
export const MAX_EXCLUSION_REASON = 500;

/** Problems one request may exclude or count again. */
export const MAX_EXCLUSIONS_PER_REQUEST = 5000;

/** Why the reason cannot be kept, or undefined when it can (it is kept trimmed). */
export function exclusionReasonProblem(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (trimmed === '') return 'needs a reason (what is wrong with the problem)';
  if (trimmed.length > MAX_EXCLUSION_REASON)
    return `is ${trimmed.length} characters long; keep the reason to ${MAX_EXCLUSION_REASON}`;
  if (/\p{Cc}/u.test(trimmed)) return 'must be one line of text (no control characters)';
  return undefined;
}

export interface ExclusionListItem {
  externalId: string;
  reason: string;
  /** 1-based line of the list it came from. */
  line: number;
}

export type ExclusionListResult =
  { ok: true; items: ExclusionListItem[] } | { ok: false; line: number; message: string };

/**
 * A list of exclusions, one `ID reason` a line (the id, then a tab or spaces, then the reason);
 * `#` starts a comment line; blank lines are skipped. The first line at fault is named.
 */
export function parseExclusionList(text: string): ExclusionListResult {
  const items: ExclusionListItem[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const content = lines[i]!.trim();
    if (content === '' || content.startsWith('#')) continue;
    const match = /^(\S+)(?:\s+(.*))?$/.exec(content)!;
    const externalId = match[1]!;
    const reason = (match[2] ?? '').trim();
    if (reason === '')
      return {
        ok: false,
        line,
        message: `problem ${JSON.stringify(externalId)} has no reason: write ID, then the reason`,
      };
    const problem = exclusionReasonProblem(reason);
    if (problem) return { ok: false, line, message: `the reason of ${JSON.stringify(externalId)} ${problem}` };
    const before = seen.get(externalId);
    if (before !== undefined)
      return { ok: false, line, message: `problem ${JSON.stringify(externalId)} is listed already on line ${before}` };
    seen.set(externalId, line);
    items.push({ externalId, reason, line });
  }
  if (items.length === 0) return { ok: false, line: lines.length, message: 'the list names no problem' };
  if (items.length > MAX_EXCLUSIONS_PER_REQUEST)
    return {
      ok: false,
      line: items[MAX_EXCLUSIONS_PER_REQUEST]!.line,
      message: `the list names more than ${MAX_EXCLUSIONS_PER_REQUEST} problems`,
    };
  return { ok: true, items };
}

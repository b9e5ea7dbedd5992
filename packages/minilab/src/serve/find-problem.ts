// Which minilab problem a prompt asks about. The server sees only the chat messages, so it looks
// for a problem's statement in the last user message (any prompt template that includes
// `{statement}` works), and for its title when the statement is not there.
import type { ProblemMeta } from '../problems';

type Problem = Pick<ProblemMeta, 'id' | 'title' | 'statement'>;

// Whitespace-insensitive: a template or a database may re-wrap or re-indent the statement.
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The problem whose statement (else title) appears in `prompt`; the longest match wins. */
export function findProblem<P extends Problem>(prompt: string, problems: readonly P[]): P | undefined {
  const text = squash(prompt);
  const longest = (key: (p: P) => string): P | undefined =>
    problems
      .filter((p) => squash(key(p)) !== '' && text.includes(squash(key(p))))
      .sort((a, b) => squash(key(b)).length - squash(key(a)).length)[0];
  return longest((p) => p.statement) ?? longest((p) => p.title);
}

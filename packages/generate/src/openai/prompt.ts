import type { GenerationLanguage, GenerationRequest } from '../backend';

const LANGUAGE_NAMES: Record<GenerationLanguage, string> = { python: 'Python 3', cpp: 'C++17' };

/**
 * Placeholders a prompt template may use. Anything else in braces is left as written, so
 * templates can show code.
 */
export const PROMPT_PLACEHOLDERS = {
  '{statement}': 'the problem statement',
  '{title}': 'the problem title (the problem id when there is none)',
  '{problemId}': 'the problem id',
  '{language}': 'the language name: "Python 3" or "C++17"',
  '{fence}': 'the code fence tag: "python" or "cpp"',
} as const;

export const DEFAULT_PROMPT_TEMPLATE = `Solve the following competitive programming problem in {language}.

# {title}

{statement}

Write a complete {language} program that reads the input from standard input and writes the answer to standard output, exactly in the format asked, with no prompts or debugging output. The program must be efficient enough for the largest inputs allowed by the constraints.

Reply with the whole program in a single fenced code block that starts with \`\`\`{fence}.`;

export function renderPrompt(
  template: string,
  req: Pick<GenerationRequest, 'problemId' | 'statement' | 'title' | 'language'>,
): string {
  const values: Record<string, string> = {
    '{statement}': req.statement,
    '{title}': req.title ?? req.problemId,
    '{problemId}': req.problemId,
    '{language}': LANGUAGE_NAMES[req.language],
    '{fence}': req.language,
  };
  // One pass, so a statement that happens to contain "{title}" is not substituted again.
  return template.replace(/\{(statement|title|problemId|language|fence)\}/g, (m) => values[m] ?? m);
}

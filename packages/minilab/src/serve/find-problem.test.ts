import { DEFAULT_PROMPT_TEMPLATE, renderPrompt } from '@frontier/generate';
import { describe, expect, it } from 'vitest';
import { listProblems } from '../problems';
import { findProblem } from './find-problem';

const problems = listProblems();

describe('findProblem', () => {
  it('finds every problem from the default prompt, from its statement re-wrapped, and from its title alone', () => {
    for (const p of problems) {
      const prompt = renderPrompt(DEFAULT_PROMPT_TEMPLATE, {
        problemId: p.id,
        title: p.title,
        statement: p.statement,
        language: 'python',
      });
      expect(findProblem(prompt, problems)?.id).toBe(p.id);
      expect(findProblem(`Solve this:\n  ${p.statement.replace(/ /g, '\n  ')}`, problems)?.id).toBe(p.id);
      expect(findProblem(`# ${p.title}\n\nSee the attached file.`, problems)?.id).toBe(p.id);
    }
  });

  it('prefers the statement to a title, and the longest title', () => {
    const [a, b] = [
      { id: 'a', title: 'Paths', statement: 'Count paths.' },
      { id: 'b', title: 'Shortest Paths', statement: 'Find shortest paths.' },
    ];
    expect(findProblem('Shortest Paths', [a, b])?.id).toBe('b');
    expect(findProblem('Shortest Paths: Count paths.', [a, b])?.id).toBe('a');
    expect(findProblem('Write hello world.', [a, b])).toBeUndefined();
  });
});

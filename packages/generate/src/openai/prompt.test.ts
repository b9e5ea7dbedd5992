import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT_TEMPLATE, renderPrompt } from './prompt';

const req = { problemId: 'p1', title: 'Sum', statement: 'Print a+b.', language: 'cpp' as const };

describe('renderPrompt', () => {
  it('fills every placeholder', () => {
    expect(renderPrompt('{problemId}|{title}|{language}|{fence}|{statement}', req)).toBe('p1|Sum|C++17|cpp|Print a+b.');
  });

  it('uses the problem id when there is no title', () => {
    expect(renderPrompt('# {title}', { ...req, title: undefined })).toBe('# p1');
  });

  it('does not substitute placeholders found inside the statement', () => {
    expect(renderPrompt('{statement} / {title}', { ...req, statement: 'a {title} b $& {fence}' })).toBe(
      'a {title} b $& {fence} / Sum',
    );
  });

  it('leaves other braces alone', () => {
    expect(renderPrompt('int main() { {statement} }', req)).toBe('int main() { Print a+b. }');
  });

  it('asks, by default, for a stdin/stdout program in a fenced block of the language', () => {
    const text = renderPrompt(DEFAULT_PROMPT_TEMPLATE, { ...req, language: 'python' });
    expect(text).toContain('Print a+b.');
    expect(text).toContain('Python 3');
    expect(text).toContain('standard input');
    expect(text).toContain('```python');
    expect(text).not.toMatch(/\{(statement|title|language|fence|problemId)\}/);
  });
});

import { describe, expect, it } from 'vitest';
import { extractCode, fencedBlocks, languageOfTag } from './extract-code';

const fence = (tag: string, body: string, f = '```') => `${f}${tag}\n${body}\n${f}`;

describe('extractCode', () => {
  it('takes the block tagged with the requested language', () => {
    expect(extractCode(`Here you go:\n\n${fence('python', 'print(1)')}\n\nDone.`, 'python')).toBe('print(1)\n');
  });

  it('takes the last matching block when there are several', () => {
    const reply = `${fence('python', 'print("draft")')}\nBetter:\n${fence('python', 'print("final")')}\n`;
    expect(extractCode(reply, 'python')).toBe('print("final")\n');
  });

  it.each(['python', 'py', 'python3', 'Python', 'PY3'])('accepts the python tag %s', (tag) => {
    expect(extractCode(fence(tag, 'x = 1'), 'python')).toBe('x = 1\n');
  });

  it.each(['cpp', 'c++', 'cc', 'cxx', 'C++', 'cpp17', 'c++20'])('accepts the C++ tag %s', (tag) => {
    expect(extractCode(fence(tag, 'int main(){}'), 'cpp')).toBe('int main(){}\n');
  });

  it('prefers a tagged block over a later untagged one (sample input shown after the code)', () => {
    const reply = `${fence('cpp', 'int main(){}')}\nExample:\n${fence('', '3\n1 2 3')}`;
    expect(extractCode(reply, 'cpp')).toBe('int main(){}\n');
  });

  it('falls back to the last untagged block', () => {
    const reply = `${fence('', 'first')}\n${fence('', 'print(2)')}`;
    expect(extractCode(reply, 'python')).toBe('print(2)\n');
  });

  it('never picks a block in another language', () => {
    expect(extractCode(fence('cpp', 'int main(){}'), 'python')).toBe('');
    expect(extractCode(`${fence('text', '1 2')}\n${fence('bash', 'echo 1')}`, 'python')).toBe('');
  });

  it('returns an empty string when there is no block', () => {
    expect(extractCode('I cannot solve this problem.', 'python')).toBe('');
    expect(extractCode('', 'cpp')).toBe('');
    expect(extractCode('use `print(1)` inline', 'python')).toBe('');
  });

  it('returns an empty string for an empty or blank block', () => {
    expect(extractCode('```python\n```', 'python')).toBe('');
    expect(extractCode('```python\n  \n\n```', 'python')).toBe('');
  });

  it('reads tilde fences, and backtick lines inside them are content', () => {
    expect(extractCode(fence('python', 'print(1)', '~~~'), 'python')).toBe('print(1)\n');
    expect(extractCode('~~~python\ns = """\n```\n"""\nprint(s)\n~~~', 'python')).toBe('s = """\n```\n"""\nprint(s)\n');
  });

  it('closes a fence only with the same character and at least the same length', () => {
    const reply = '````python\nprint("```")\n```\nstill code\n````\n';
    expect(extractCode(reply, 'python')).toBe('print("```")\n```\nstill code\n');
  });

  it('does not close a fence on a line with text after the fence', () => {
    expect(extractCode('```python\nx = 1\n``` not a closer\ny = 2\n```', 'python')).toBe(
      'x = 1\n``` not a closer\ny = 2\n',
    );
  });

  it('runs an unterminated final fence to the end of the reply', () => {
    expect(extractCode('Solution:\n```python\nimport sys\nprint(sys.stdin.read())', 'python')).toBe(
      'import sys\nprint(sys.stdin.read())\n',
    );
  });

  it('prefers a closed block over a truncated one that follows it', () => {
    const reply = `${fence('python', 'print("ok")')}\nAlternatively:\n\`\`\`python\nprint("trunc`;
    expect(extractCode(reply, 'python')).toBe('print("ok")\n');
  });

  it('prefers a truncated tagged block over a closed untagged one', () => {
    expect(extractCode(`${fence('', '3\n1 2 3')}\n\`\`\`cpp\nint main(){`, 'cpp')).toBe('int main(){\n');
  });

  it('removes the indentation of a fence inside a list', () => {
    const reply = '1. Code:\n   ```python\n   def f():\n       return 1\n   print(f())\n   ```\n';
    expect(extractCode(reply, 'python')).toBe('def f():\n    return 1\nprint(f())\n');
  });

  it('uses only the first word of the info string', () => {
    expect(extractCode('```python title="sol.py"\nprint(1)\n```', 'python')).toBe('print(1)\n');
    expect(extractCode('```  cpp  \nint main(){}\n```', 'cpp')).toBe('int main(){}\n');
  });

  it('treats ```...``` on one line as inline code, not a fence', () => {
    expect(extractCode('Run ```python x``` then\n```python\nprint(2)\n```', 'python')).toBe('print(2)\n');
  });

  it('normalises CRLF line ends', () => {
    expect(extractCode('```python\r\nprint(1)\r\nprint(2)\r\n```\r\n', 'python')).toBe('print(1)\nprint(2)\n');
  });

  it('keeps blank lines and trailing spaces inside the program', () => {
    expect(extractCode('```python\na = 1\n\n\nb = 2  \n```', 'python')).toBe('a = 1\n\n\nb = 2  \n');
  });

  it('ignores code drafted while thinking', () => {
    const reply = `<think>\nMaybe:\n${fence('python', 'print("draft")')}\n</think>\nFinal:\n${fence('python', 'print("final")')}`;
    expect(extractCode(reply, 'python')).toBe('print("final")\n');
    expect(extractCode(`<think>\n${fence('python', 'print("draft")')}\n</think>\nNo idea.`, 'python')).toBe('');
  });

  it('returns nothing for a reply cut off while still thinking', () => {
    expect(extractCode(`<think>\nLet me try\n${fence('python', 'print(1)')}\nhmm`, 'python')).toBe('');
  });
});

describe('fencedBlocks', () => {
  it('lists blocks with their tags and whether they closed', () => {
    expect(fencedBlocks('a\n```Py\nx\n```\nb\n~~~\ny\n')).toEqual([
      { tag: 'py', body: 'x', closed: true },
      { tag: '', body: 'y\n', closed: false },
    ]);
  });
});

describe('languageOfTag', () => {
  it('maps known tags and rejects the rest', () => {
    expect(languageOfTag('python3')).toBe('python');
    expect(languageOfTag('c++17')).toBe('cpp');
    expect(languageOfTag('c')).toBeUndefined();
    expect(languageOfTag('pythonic')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
  });
});

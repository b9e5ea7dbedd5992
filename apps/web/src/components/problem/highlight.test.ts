import { describe, expect, it } from 'vitest';
import { codeLanguage, tokenize, tokenLines, type Token } from './highlight';

const kinds = (tokens: Token[]) => tokens.filter((t) => t.kind !== 'text').map((t) => [t.kind, t.text]);

describe('tokenize', () => {
  it('finds Python keywords, strings, comments and numbers', () => {
    const code = 'def f(x):\n    return x + 1.5e3  # done\ns = "a#b" + f\'{x}\'\n';
    expect(kinds(tokenize(code, 'python'))).toEqual([
      ['keyword', 'def'],
      ['keyword', 'return'],
      ['number', '1.5e3'],
      ['comment', '# done'],
      ['string', '"a#b"'],
      ['string', "f'{x}'"],
    ]);
  });

  it('keeps Python triple-quoted strings and escapes whole', () => {
    const code = 'x = """a\n"b"\n"""\ny = \'it\\\'s\'';
    expect(kinds(tokenize(code, 'python'))).toEqual([
      ['string', '"""a\n"b"\n"""'],
      ['string', "'it\\'s'"],
    ]);
  });

  it('finds C++ preprocessor lines, comments, strings, chars and numbers', () => {
    const code =
      '#include <bits/stdc++.h>\nint main() { /* c */ long x = 0x1F; // end\n  cout << "hi" << \'\\n\'; return 0; }';
    expect(kinds(tokenize(code, 'cpp'))).toEqual([
      ['meta', '#include <bits/stdc++.h>'],
      ['keyword', 'int'],
      ['comment', '/* c */'],
      ['keyword', 'long'],
      ['number', '0x1F'],
      ['comment', '// end'],
      ['keyword', 'cout'],
      ['string', '"hi"'],
      ['string', "'\\n'"],
      ['keyword', 'return'],
      ['number', '0'],
    ]);
  });

  it('does not treat identifiers with digits as numbers, and loses no text', () => {
    const code = 'a1 = b2_3 + 42\nwhile a1: pass';
    const tokens = tokenize(code, 'python');
    expect(tokens.map((t) => t.text).join('')).toBe(code);
    expect(kinds(tokens)).toEqual([
      ['number', '42'],
      ['keyword', 'while'],
      ['keyword', 'pass'],
    ]);
  });

  it('treats HTML-looking text as plain text', () => {
    const code = 'print("<script>alert(1)</script>")';
    expect(
      tokenize(code, 'python')
        .map((t) => t.text)
        .join(''),
    ).toBe(code);
  });

  it('an unterminated string stops at the end of its line', () => {
    expect(kinds(tokenize('s = "abc\nx = 1', 'python'))).toEqual([
      ['string', '"abc'],
      ['number', '1'],
    ]);
  });
});

describe('tokenLines', () => {
  it('splits multi-line tokens at newlines', () => {
    const lines = tokenLines(tokenize('/* a\nb */ int x;\n', 'cpp'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual([{ kind: 'comment', text: '/* a' }]);
    expect(lines[1]![0]).toEqual({ kind: 'comment', text: 'b */' });
  });
});

describe('codeLanguage', () => {
  it('maps sample languages', () => {
    expect(codeLanguage('python3')).toBe('python');
    expect(codeLanguage('cpp17')).toBe('cpp');
    expect(codeLanguage('C++')).toBe('cpp');
    expect(codeLanguage('rust')).toBe('plain');
  });
});

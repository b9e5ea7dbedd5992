// A small tokenizer for syntax highlighting Python and C++: keywords, strings, comments, numbers
// (and C++ preprocessor lines). Tokens are plain data; the component renders them as React spans,
// so program text is never interpreted as HTML.

export type TokenKind = 'keyword' | 'string' | 'comment' | 'number' | 'meta' | 'text';

export interface Token {
  kind: TokenKind;
  text: string;
}

export type CodeLanguage = 'python' | 'cpp' | 'plain';

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case print len range int str float list dict set tuple input'.split(
    ' ',
  ),
);

const CPP_KEYWORDS = new Set(
  'alignas auto bool break case catch char class const constexpr continue default delete do double else enum explicit extern false float for friend goto if inline int long mutable namespace new noexcept nullptr operator private protected public register return short signed sizeof static static_cast struct switch template this throw true try typedef typename union unsigned using virtual void volatile while std cin cout endl vector string size_t int64_t uint64_t'.split(
    ' ',
  ),
);

/** The language of a sample's `language` field ("python3", "cpp17", "c++" …). */
export function codeLanguage(language: string): CodeLanguage {
  const l = language.toLowerCase();
  if (l.startsWith('py')) return 'python';
  if (l.includes('c++') || l.startsWith('cpp') || l === 'cc' || l === 'c') return 'cpp';
  return 'plain';
}

const NUMBER =
  /^(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|(?:\d[\d_']*)?\.?\d[\d_']*(?:[eE][+-]?\d+)?)[jJlLuUfF]*/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;

/** The end of a string literal starting at `start` with quote `q` (triple when `triple`). */
function stringEnd(code: string, start: number, q: string, triple: boolean): number {
  const close = triple ? q.repeat(3) : q;
  let i = start + close.length;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (code.startsWith(close, i)) return i + close.length;
    // A single-quoted string ends at the line's end even when unterminated.
    if (!triple && ch === '\n') return i;
    i++;
  }
  return code.length;
}

export function tokenize(code: string, language: CodeLanguage): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind && kind === 'text') last.text += text;
    else tokens.push({ kind, text });
  };
  if (language === 'plain') return code === '' ? [] : [{ kind: 'text', text: code }];
  const keywords = language === 'python' ? PYTHON_KEYWORDS : CPP_KEYWORDS;
  let i = 0;
  let lineStart = true;
  while (i < code.length) {
    const ch = code[i]!;
    const rest = code.slice(i, i + 3);
    let end = i + 1;
    let kind: TokenKind = 'text';
    if (language === 'python' && ch === '#') {
      end = code.indexOf('\n', i);
      if (end < 0) end = code.length;
      kind = 'comment';
    } else if (language === 'cpp' && rest.startsWith('//')) {
      end = code.indexOf('\n', i);
      if (end < 0) end = code.length;
      kind = 'comment';
    } else if (language === 'cpp' && rest.startsWith('/*')) {
      const close = code.indexOf('*/', i + 2);
      end = close < 0 ? code.length : close + 2;
      kind = 'comment';
    } else if (language === 'cpp' && ch === '#' && lineStart) {
      end = code.indexOf('\n', i);
      if (end < 0) end = code.length;
      kind = 'meta';
    } else if (ch === '"' || ch === "'") {
      const triple = language === 'python' && (rest === '"""' || rest === "'''");
      end = stringEnd(code, i, ch, triple);
      kind = 'string';
    } else if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      const m = NUMBER.exec(code.slice(i, i + 64));
      end = i + (m?.[0].length || 1);
      kind = 'number';
    } else if (/[A-Za-z_]/.test(ch)) {
      const word = IDENT.exec(code.slice(i, i + 256))![0];
      end = i + word.length;
      // Python string prefixes: f"…", rb'…' and the like are one string token.
      const quote = code[end];
      if (language === 'python' && (quote === '"' || quote === "'") && /^(?:[rRbBuUfF]{1,2})$/.test(word)) {
        const q3 = code.slice(end, end + 3);
        end = stringEnd(code, end, quote, q3 === '"""' || q3 === "'''");
        kind = 'string';
      } else {
        kind = keywords.has(word) ? 'keyword' : 'text';
      }
    }
    const text = code.slice(i, end);
    push(kind, text);
    if (ch === '\n') lineStart = true;
    else if (!/\s/.test(ch)) lineStart = false;
    i = end;
  }
  return tokens;
}

/** Tokens split into lines (a token spanning lines, e.g. a block comment, is cut at each newline). */
export function tokenLines(tokens: readonly Token[]): Token[][] {
  const lines: Token[][] = [[]];
  for (const token of tokens) {
    const parts = token.text.split('\n');
    parts.forEach((part, j) => {
      if (j > 0) lines.push([]);
      if (part !== '') lines.at(-1)!.push({ kind: token.kind, text: part.replace(/\r$/, '') });
    });
  }
  if (lines.length > 1 && lines.at(-1)!.length === 0) lines.pop();
  return lines;
}

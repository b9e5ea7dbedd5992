// A very small view of Python source for the policy's features: comments dropped (they state
// the author's intent, which the policy must not read), string literals emptied (so a keyword
// inside a string never counts), and physical lines joined into logical statements.

export interface Statement {
  /** Indentation (columns) of the statement's first line. */
  indent: number;
  /** The statement's text, continuation lines joined with a space. */
  text: string;
}

/** Source without comments, every string literal replaced by an empty one (`''`). */
export function stripCommentsAndStrings(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      i += quote.length;
      while (i < source.length && !source.startsWith(quote, i)) {
        if (source[i] === '\\') i++;
        else if (!triple && source[i] === '\n') break; // unterminated: stop at the line end
        i++;
      }
      i += quote.length;
      out += "''";
      continue;
    }
    out += c;
    i++;
  }
  return out;
}

/** Logical statements of already stripped source: bracketed and backslash continuations joined. */
export function statements(stripped: string): Statement[] {
  const result: Statement[] = [];
  let current: Statement | null = null;
  let depth = 0;
  for (const line of stripped.split('\n')) {
    if (current === null) {
      if (line.trim() === '') continue;
      current = { indent: line.length - line.trimStart().length, text: line.trim() };
    } else {
      current.text += ` ${line.trim()}`;
    }
    for (const ch of line) {
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    }
    if (depth === 0 && !line.trimEnd().endsWith('\\')) {
      result.push(current);
      current = null;
    }
  }
  if (current !== null) result.push(current);
  return result;
}

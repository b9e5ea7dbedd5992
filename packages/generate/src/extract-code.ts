import type { GenerationLanguage } from './backend';

/**
 * The program in a model's reply. Rules, in order:
 *
 * 1. Reasoning: when the reply contains `</think>`, only the text after the last one is read
 *    (code drafted while thinking is not the answer). A reply that opens `<think>` and never
 *    closes it was cut off before answering: no code.
 * 2. Fences follow CommonMark: a line of 3+ backticks or 3+ tildes opens a block; the first word
 *    of the info string is its language tag (case-insensitive). The block closes at a line of
 *    the same character, at least as long, and nothing else but whitespace. Fences may be
 *    indented (lists); that indentation is removed from the block's lines. A backtick fence whose
 *    info string contains a backtick is inline code, not a fence.
 * 3. A fence left open runs to the end of the reply (typically a reply cut off by max tokens).
 * 4. The pick: the last closed block tagged with the requested language (python: `python`,
 *    `py`, `python3`, `py3`; cpp: `cpp`, `c++`, `cc`, `cxx`, optionally with a standard such
 *    as `cpp17`); else an open final block with that tag; else the last closed untagged block;
 *    else an open untagged one; else the empty string. Blocks in other languages (`text`,
 *    `bash`, the other programming language) are never picked.
 *
 * The result has `\n` line ends and ends with a newline unless empty.
 */
export function extractCode(reply: string, language: GenerationLanguage): string {
  const text = answerPart(reply.replace(/\r\n?/g, '\n'));
  const blocks = fencedBlocks(text);
  const pick = (pred: (b: FencedBlock) => boolean): FencedBlock | undefined =>
    blocks.filter((b) => b.closed && pred(b)).at(-1) ?? blocks.find((b) => !b.closed && pred(b));
  const chosen = pick((b) => languageOfTag(b.tag) === language) ?? pick((b) => b.tag === '');
  if (!chosen || chosen.body.trim() === '') return '';
  return chosen.body.endsWith('\n') ? chosen.body : `${chosen.body}\n`;
}

/** The language a fence tag names, if it is one the judge runs. */
export function languageOfTag(tag: string): GenerationLanguage | undefined {
  const t = tag.toLowerCase();
  if (/^(python|py)3?$/.test(t)) return 'python';
  if (/^(cpp|c\+\+|cc|cxx)(\d\d)?$/.test(t)) return 'cpp';
  return undefined;
}

export interface FencedBlock {
  /** First word of the info string, lower-cased; '' when untagged. */
  tag: string;
  body: string;
  closed: boolean;
}

const OPENING = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** Every fenced code block of a Markdown text, in order. */
export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    if (fence[0] === '`' && info.includes('`')) continue; // inline code such as ```x```
    const closer = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !closer.test(lines[j] ?? ''); j++) body.push(stripIndent(lines[j] ?? '', indent.length));
    blocks.push({
      tag: (info.trim().split(/\s+/)[0] ?? '').toLowerCase(),
      body: body.join('\n'),
      closed: j < lines.length,
    });
    i = j;
  }
  return blocks;
}

function stripIndent(line: string, width: number): string {
  let k = 0;
  while (k < width && (line[k] === ' ' || line[k] === '\t')) k++;
  return line.slice(k);
}

function answerPart(text: string): string {
  const end = text.lastIndexOf('</think>');
  if (end >= 0) return text.slice(end + '</think>'.length);
  return /^\s*<think>/.test(text) ? '' : text;
}

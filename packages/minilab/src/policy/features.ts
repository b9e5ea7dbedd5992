// The toy policy's features: a fixed vector computed statically from a candidate's source code,
// shared by every problem. Comments and string contents are ignored, and so are the candidate's
// file name and the judge's verdicts: the names ("brute-force", "efficient") state the author's
// intent, and the verdicts are what the policy has to learn to predict.
import { statements, stripCommentsAndStrings, type Statement } from './python-source';

const count = (text: string, re: RegExp): number => text.match(new RegExp(re.source, 'g'))?.length ?? 0;
const has = (text: string, re: RegExp): number => (re.test(text) ? 1 : 0);

interface View {
  code: string;
  stmts: Statement[];
}

/** Name and definition of each feature, in vector order. Changing one means retraining. */
export const FEATURES: ReadonlyArray<{ name: string; doc: string; of: (v: View) => number }> = [
  {
    name: 'loop_depth',
    doc: 'max nesting of for/while loops, comprehension fors included',
    of: (v) => loopDepth(v.stmts),
  },
  { name: 'recursion', doc: '1 if a function calls itself', of: (v) => recursion(v.stmts) },
  {
    name: 'recursion_limit',
    doc: '1 if it raises the recursion limit',
    of: (v) => has(v.code, /\bsetrecursionlimit\b/),
  },
  {
    name: 'table_2d',
    doc: '1 if it builds a list of lists by comprehension',
    of: (v) => has(v.code, /\[\s*\[[^\]]*\]\s*(\*[^\]]*)?\bfor\b/),
  },
  { name: 'presized_lists', doc: 'number of `[x] * k` lists', of: (v) => count(v.code, /\[[^\[\]]*\]\s*\*/) },
  { name: 'sorting', doc: '1 if it calls sorted() or .sort()', of: (v) => has(v.code, /\bsorted\s*\(|\.sort\s*\(/) },
  {
    name: 'hashing',
    doc: '1 if it uses dict/set/Counter/defaultdict or a {} literal',
    of: (v) => has(v.code, /\b(set|dict|frozenset)\s*\(|\bCounter\b|\bdefaultdict\b|\{/),
  },
  {
    name: 'deque_heap_bisect',
    doc: '1 if it uses deque, heapq or bisect',
    of: (v) => has(v.code, /\bdeque\b|\bheap(q|push|pop|ify)\b|\bbisect\w*/),
  },
  { name: 'true_division', doc: '1 if it uses float division `/`', of: (v) => has(v.code, /(?<!\/)\/(?!\/)/) },
  { name: 'fast_input', doc: '1 if it reads sys.stdin directly', of: (v) => has(v.code, /\bsys\.stdin\b|\bstdin\b/) },
  {
    name: 'memoisation',
    doc: '1 if it memoises (lru_cache, @cache, a memo* name)',
    of: (v) => has(v.code, /\blru_cache\b|@cache\b|\bmemo\w*/),
  },
  {
    name: 'functions',
    doc: 'number of function definitions',
    of: (v) => v.stmts.filter((s) => /^def\b/.test(s.text)).length,
  },
  {
    name: 'while_loops',
    doc: 'number of while loops',
    of: (v) => v.stmts.filter((s) => /^while\b/.test(s.text)).length,
  },
  { name: 'modulo', doc: '1 if it uses `%`', of: (v) => has(v.code, /%/) },
  {
    name: 'bit_ops',
    doc: '1 if it uses shifts, &, |, ^, bin() or bit_count()',
    of: (v) => has(v.code, /<<|>>|[&|^]|\bbin\s*\(|\bbit_count\b/),
  },
  {
    name: 'list_concat',
    doc: '1 if it concatenates lists (`+ [` or `] +`)',
    of: (v) => has(v.code, /\+\s*\[|\]\s*\+(?!=)/),
  },
  { name: 'slicing', doc: 'number of slices `a[i:j]`', of: (v) => count(v.code, /\w\s*\[[^\[\]]*:[^\[\]]*\]/) },
  {
    name: 'comprehensions',
    doc: 'number of comprehension/generator fors',
    of: (v) => v.stmts.reduce((n, s) => n + count(s.text.replace(/^for\b/, ''), /\bfor\b/), 0),
  },
  {
    name: 'log_length',
    doc: 'ln(1 + characters), comments and strings excluded',
    of: (v) => Math.log1p(v.code.replace(/\s+/g, ' ').trim().length),
  },
  { name: 'statements', doc: 'number of logical statements', of: (v) => v.stmts.length },
];

export const FEATURE_NAMES: readonly string[] = FEATURES.map((f) => f.name);

/** The raw (unnormalised) feature vector of one program's source. */
export function rawFeatures(source: string): number[] {
  const code = stripCommentsAndStrings(source);
  const view = { code, stmts: statements(code) };
  return FEATURES.map((f) => f.of(view));
}

/** Deepest loop nesting: enclosing for/while blocks plus the loops written on the statement itself. */
function loopDepth(stmts: Statement[]): number {
  const open: Array<{ indent: number; loop: boolean }> = [];
  let max = 0;
  for (const s of stmts) {
    while (open.length > 0 && (open[open.length - 1] as { indent: number }).indent >= s.indent) open.pop();
    const depth = open.filter((b) => b.loop).length + count(s.text, /\b(for|while)\b/);
    max = Math.max(max, depth);
    if (s.text.endsWith(':')) open.push({ indent: s.indent, loop: /^(for|while)\b/.test(s.text) });
  }
  return max;
}

/** 1 if some function's body calls the function by name. */
function recursion(stmts: Statement[]): number {
  for (let i = 0; i < stmts.length; i++) {
    const def = stmts[i] as Statement;
    const name = /^def\s+(\w+)/.exec(def.text)?.[1];
    if (!name) continue;
    const call = new RegExp(`\\b${name}\\s*\\(`);
    for (let j = i + 1; j < stmts.length && (stmts[j] as Statement).indent > def.indent; j++) {
      if (call.test((stmts[j] as Statement).text)) return 1;
    }
  }
  return 0;
}

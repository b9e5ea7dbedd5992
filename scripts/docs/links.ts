import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

// Relative links in the repository's Markdown must resolve: to a file or directory that exists,
// and, into a Markdown file, to one of its headings. Links to the web are not checked.

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  why: string;
}

/** Where a file's text lives; a test gives its own. */
export interface Tree {
  exists(path: string): boolean;
  read(path: string): string;
}

/** Every line outside fenced code blocks, with inline code blanked (links there are examples). */
function proseLines(text: string): Array<{ line: number; text: string }> {
  const out: Array<{ line: number; text: string }> = [];
  let fence: string | undefined;
  text.split('\n').forEach((raw, i) => {
    const opener = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (opener && (fence === undefined || opener.startsWith(fence))) {
      fence = fence === undefined ? opener : undefined;
      return;
    }
    if (fence === undefined) out.push({ line: i + 1, text: raw.replace(/`[^`]*`/g, '``') });
  });
  return out;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    const heading = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

// A link's target: `](target)` (its text may start on an earlier line), or an HTML image's src.
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|<img\s[^>]*src="([^"]+)"/g;

export function brokenLinks(files: string[], tree: Tree): BrokenLink[] {
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const { line, text } of proseLines(tree.read(file))) {
      for (const match of text.matchAll(LINK)) {
        const target = (match[1] ?? match[2])!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const path =
          pathPart === ''
            ? file
            : normalize(
                pathPart.startsWith('/') ? pathPart.slice(1) : join(dirname(file), decodeURIComponent(pathPart)),
              );
        if (path.startsWith('..')) {
          broken.push({ file, line, target, why: 'points outside the repository' });
        } else if (!tree.exists(path)) {
          broken.push({ file, line, target, why: `${path} does not exist` });
        } else if (anchor && path.endsWith('.md') && !headingAnchors(tree.read(path)).has(anchor)) {
          broken.push({ file, line, target, why: `${path} has no heading #${anchor}` });
        }
      }
    }
  }
  return broken;
}

/** The repository's Markdown files (tracked, or new and not ignored), by path from its root. */
export function markdownFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\n').filter((f) => f !== '' && existsSync(join(root, f)));
}

export function repositoryTree(root: string): Tree {
  return { exists: (path) => existsSync(join(root, path)), read: (path) => readFileSync(join(root, path), 'utf8') };
}

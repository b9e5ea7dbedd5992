import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors, markdownFiles, repositoryTree, type Tree } from './links';

const root = fileURLToPath(new URL('../..', import.meta.url));

function tree(files: Record<string, string>): Tree {
  const dirs = new Set(
    Object.keys(files).flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return { exists: (p) => p in files || dirs.has(p), read: (p) => files[p]! };
}

describe('relative links in Markdown', () => {
  it('resolve in every Markdown file of the repository', () => {
    const files = markdownFiles(root);
    expect(files).toContain('README.md');
    const broken = brokenLinks(files, repositoryTree(root)).map((b) => `${b.file}:${b.line}: ${b.target}: ${b.why}`);
    expect(broken).toEqual([]);
  });

  it('are reported when the file, the heading or the repository is missed', () => {
    const docs = tree({
      'README.md':
        '[a picture\nover two lines](docs/missing.png)\n[guide](docs/guide.md) [gone](docs/gone.md) [part](docs/guide.md#no-such) [up](../elsewhere.md) [web](https://example.com/x.md)\n`[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n[dir](docs) [self](#the-title)\n# The title',
      'docs/guide.md': '# Guide\n## What `alpha` means\n[back](../README.md#the-title) [anchor](#what-alpha-means)',
    });
    const broken = brokenLinks(['README.md', 'docs/guide.md'], docs);
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [2, 'docs/missing.png'],
      [3, 'docs/gone.md'],
      [3, 'docs/guide.md#no-such'],
      [3, '../elsewhere.md'],
    ]);
  });

  it('name headings as GitHub does', () => {
    expect([...headingAnchors('# A, b & `c`\n## Two\n## Two\n```\n# not a heading\n```')]).toEqual([
      'a-b--c',
      'two',
      'two-1',
    ]);
  });
});

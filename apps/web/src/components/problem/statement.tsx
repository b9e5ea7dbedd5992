import { Fragment, type ReactNode } from 'react';

// A problem statement written in Markdown, shown as text: paragraphs, headings, lists and code
// blocks become React elements, inline `code` and **bold** are recognised, and everything else
// (HTML included) is plain text. Nothing is ever injected as HTML.

type Block = { kind: 'p' | 'h' | 'li' | 'pre'; text: string };

export function statementBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trimStart().startsWith('```')) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith('```'); i++) code.push(lines[i]!);
      blocks.push({ kind: 'pre', text: code.join('\n') });
    } else if (/^#{1,6}\s/.test(line)) {
      flush();
      blocks.push({ kind: 'h', text: line.replace(/^#+\s*/, '') });
    } else if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      flush();
      blocks.push({ kind: 'li', text: line.replace(/^\s*([-*+]|\d+\.)\s+/, '') });
    } else if (line.trim() === '') {
      flush();
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** Inline `code` and **bold**; the rest as text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return <code key={i}>{part.slice(1, -1)}</code>;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={i}>{part.slice(2, -2)}</strong>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

export function Statement({ markdown }: { markdown: string }) {
  const blocks = statementBlocks(markdown);
  const out: ReactNode[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.kind === 'li') {
      const items: Block[] = [];
      while (i < blocks.length && blocks[i]!.kind === 'li') items.push(blocks[i++]!);
      i--;
      out.push(
        <ul key={i}>
          {items.map((it, j) => (
            <li key={j}>{inline(it.text)}</li>
          ))}
        </ul>,
      );
    } else if (b.kind === 'pre')
      out.push(
        <pre key={i} className="pb-pre">
          {b.text}
        </pre>,
      );
    else if (b.kind === 'h') out.push(<h3 key={i}>{inline(b.text)}</h3>);
    else out.push(<p key={i}>{inline(b.text)}</p>);
  }
  return (
    <div className="pb-statement" data-testid="problem-statement">
      {out}
    </div>
  );
}

import { extractCode } from '@frontier/generate';
import { describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { replyContent } from './chat-reply';

describe('replyContent', () => {
  it('wraps every candidate so that extractCode returns it exactly', () => {
    const candidates = listCandidates();
    expect(candidates.length).toBeGreaterThan(100);
    for (const c of candidates)
      expect(extractCode(replyContent(c.code), 'python'), `${c.problemId}/${c.name}`).toBe(c.code);
  });

  it('uses a fence no backtick run in the program can close', () => {
    const code = 'print("```")\ns = """\n````\n"""\n';
    expect(extractCode(replyContent(code), 'python')).toBe(code);
  });
});

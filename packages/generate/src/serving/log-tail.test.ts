import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSize, readLogTail } from './log-tail';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function logFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'log-tail-'));
  dirs.push(dir);
  return join(dir, 'server.log');
}

describe('readLogTail', () => {
  it("shows only this run's lines of a log earlier runs appended to", () => {
    const file = logFile();
    appendFileSync(file, 'old run\ncrashed\n');
    const from = fileSize(file);
    appendFileSync(file, 'loading\r 10%\r100%\nserving\n\n');
    expect(readLogTail(file, from, 20)).toBe('loading\n 10%\n100%\nserving');
    expect(readLogTail(file, from, 2)).toBe('100%\nserving');
  });

  it('drops the line cut by the byte limit, and is empty for a missing file', () => {
    const file = logFile();
    appendFileSync(file, 'aaaaaaaaaa\nbbb\nccc\n');
    expect(readLogTail(file, 0, 20, 7)).toBe('ccc');
    expect(readLogTail(join(file, 'nope'), 0, 20)).toBe('');
  });
});

// Atomic writes on a real full disk: a small tmpfs (needs root; skipped otherwise, saying why).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../test/tmpfs';
import { ensureFreeSpace } from './disk-full';
import { removeTemporaries, writeFileAtomic, writeFileAtomicSync } from './atomic-write';

const MIB = 2 ** 20;
const bytes = (n: number, seed: number) => Buffer.alloc(n, seed);
const AMOUNT = '[\\d.]+ (?:B|KiB|MiB)';

describe.skipIf(tmpfsUnavailable)(
  `atomic writes on a full 1 MiB tmpfs${tmpfsUnavailable ? ` (skipped: ${tmpfsUnavailable})` : ''}`,
  () => {
    let fs: Tmpfs;
    beforeAll(() => (fs = mountTmpfs('1m')));
    afterAll(() => fs?.unmount());
    beforeEach(() => {
      for (const name of readdirSync(fs.dir)) rmSync(join(fs.dir, name), { recursive: true });
      fs.resize('1m');
    });
    const message = (file: string, needed: string) =>
      new RegExp(
        `^no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${join(fs.dir, file)}: needed ${needed}, ${AMOUNT} free; free some space and retry$`,
      );

    it('fails a file that does not fit naming path, need and free space, leaves nothing, and works once the disk is larger', async () => {
      const data = bytes(2 * MIB, 7);
      await expect(writeFileAtomic(join(fs.dir, 'out.bin'), data)).rejects.toThrow(message('out.bin', '~2.0 MiB'));
      expect(readdirSync(fs.dir)).toEqual([]);
      fs.resize('4m');
      await writeFileAtomic(join(fs.dir, 'out.bin'), data);
      expect(readFileSync(join(fs.dir, 'out.bin')).equals(data)).toBe(true);
      expect(readdirSync(fs.dir)).toEqual(['out.bin']);
    });

    it('keeps the previous file whole when its replacement does not fit', async () => {
      writeFileSync(join(fs.dir, 'out.bin'), 'old');
      expect(() => writeFileAtomicSync(join(fs.dir, 'out.bin'), bytes(2 * MIB, 1))).toThrow(
        message('out.bin', '~2.0 MiB'),
      );
      expect(readFileSync(join(fs.dir, 'out.bin'), 'utf8')).toBe('old');
      expect(readdirSync(fs.dir)).toEqual(['out.bin']);
    });

    it('says a stream needed more than it wrote before the disk filled', async () => {
      async function* chunks() {
        for (let i = 0; i < 8; i++) yield bytes(256 << 10, i);
      }
      fs.fill(300 << 10);
      await expect(writeFileAtomic(join(fs.dir, 'export.csv'), chunks())).rejects.toThrow(
        message('export.csv', `more than ${AMOUNT}`),
      );
      expect(readdirSync(fs.dir)).toEqual(['filler-0']);
    });

    it('refuses outputs that cannot fit together before anything is written', () => {
      expect(() => ensureFreeSpace([{ path: join(fs.dir, 'a'), bytes: 600 << 10 }])).not.toThrow();
      expect(() =>
        ensureFreeSpace([
          { path: join(fs.dir, 'a'), bytes: 600 << 10 },
          { path: join(fs.dir, 'b'), bytes: 600 << 10 },
        ]),
      ).toThrow(new RegExp(`for ${join(fs.dir, 'a')} and 1 more: needed ~1.2 MiB, ${AMOUNT} free`));
    });
  },
);

describe('removeTemporaries', () => {
  it("removes only the path's own temporaries", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-disk-'));
    try {
      mkdirSync(join(dir, 'ckpt.tmp-0123456789ab'));
      writeFileSync(join(dir, 'ckpt.tmp-0123456789ab', 'model.safetensors'), 'partial');
      for (const name of ['ckpt', 'ckpt.tmp-notours', 'other.tmp-0123456789ab']) writeFileSync(join(dir, name), '');
      expect(await removeTemporaries(join(dir, 'ckpt'))).toEqual([join(dir, 'ckpt.tmp-0123456789ab')]);
      expect(readdirSync(dir).sort()).toEqual(['ckpt', 'ckpt.tmp-notours', 'other.tmp-0123456789ab']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a path that cannot be written', () => {
  it('names the path the user gave and what to do, and leaves nothing behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-disk-'));
    try {
      const missing = join(dir, 'no-such-dir', 'out.html');
      await expect(writeFileAtomic(missing, 'x')).rejects.toThrow(
        `cannot write ${missing}: the directory ${join(dir, 'no-such-dir')} does not exist: create it first (mkdir -p ${join(dir, 'no-such-dir')}) or write elsewhere`,
      );
      expect(() => writeFileAtomicSync(missing, 'x')).toThrow(/does not exist: create it first/);
      mkdirSync(join(dir, 'taken'));
      await expect(writeFileAtomic(join(dir, 'taken'), 'x')).rejects.toThrow(
        /taken is a directory: give a file name inside it/,
      );
      writeFileSync(join(dir, 'file'), '');
      await expect(writeFileAtomic(join(dir, 'file', 'out.html'), 'x')).rejects.toThrow(/is a file, not a directory/);
      expect(readdirSync(dir).sort()).toEqual(['file', 'taken']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

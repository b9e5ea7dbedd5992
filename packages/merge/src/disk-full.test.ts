// Merges onto a real full disk: a small tmpfs (needs root; skipped otherwise, saying why).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFullError } from '@frontier/disk';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../disk/test/tmpfs';
import { mergeCheckpoints } from './merge';
import { randomBytesFrom, tempDir, tensor, writeCheckpoint } from '../test/tiny-checkpoints';

const AMOUNT = '[\\d.]+ (?:B|KiB|MiB)';

describe.skipIf(tmpfsUnavailable)(
  `merge onto a full disk${tmpfsUnavailable ? ` (skipped: ${tmpfsUnavailable})` : ''}`,
  () => {
    let inputs: { dir: string; cleanup: () => Promise<void> };
    let lo: string;
    let hi: string;
    let fs: Tmpfs;
    // 3 MiB of F32 in three tensors (one slice each): several writes, so the disk can fill between them.
    const model = (seed: number) => [
      ['a', 'b', 'c'].map((name, i) => tensor(name, 'F32', [512, 512], randomBytesFrom(seed * 10 + i))),
    ];
    const expectNothingPartial = (dir: string, except: string[] = []) =>
      expect(readdirSync(dir).filter((n) => !except.includes(n))).toEqual([]);

    beforeAll(async () => {
      inputs = await tempDir();
      lo = await writeCheckpoint(join(inputs.dir, 'lo'), model(1));
      hi = await writeCheckpoint(join(inputs.dir, 'hi'), model(2));
      fs = mountTmpfs('4m');
    });
    afterAll(async () => {
      fs?.unmount();
      await inputs?.cleanup();
    });

    it('refuses before writing anything when the outputs cannot fit, naming them and the space; the same merge works once the disk is larger', async () => {
      const out = join(fs.dir, 'merged', 'alpha-{alpha}');
      const merge = () => mergeCheckpoints({ models: [lo, hi], alphas: [0.25, 0.75], out, durable: false });
      const err = await merge().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DiskFullError);
      expect((err as Error).message).toMatch(
        new RegExp(
          `^no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${fs.dir}/merged/alpha-0.25 and 1 more: needed ~6.1 MiB, 4.0 MiB free; free some space and retry$`,
        ),
      );
      expect(readdirSync(fs.dir)).toEqual([]);
      fs.resize('64m');
      const results = await merge();
      expect(results.map((r) => r.path)).toEqual([
        join(fs.dir, 'merged', 'alpha-0.25'),
        join(fs.dir, 'merged', 'alpha-0.75'),
      ]);
      expectNothingPartial(join(fs.dir, 'merged'), ['alpha-0.25', 'alpha-0.75']);
      rmSync(join(fs.dir, 'merged'), { recursive: true });
      fs.resize('4m');
    });

    it('removes the partial checkpoint when the disk fills during the merge, and the same merge works once space is freed', async () => {
      const out = join(fs.dir, 'merged', 'alpha-0.5');
      let filler: string | undefined;
      // Something else takes the rest of the disk after the merge checked it had room.
      const merge = (fill: boolean) =>
        mergeCheckpoints({
          models: [lo, hi],
          alphas: [0.5],
          out,
          durable: false,
          onProgress: () => void (fill && (filler ??= fs.fill())),
        });
      const err = await merge(true).catch((e: unknown) => e);
      expect(filler).toBeDefined();
      expect(err).toBeInstanceOf(DiskFullError);
      expect((err as Error).message).toMatch(
        new RegExp(
          `^no space left on tmpfs \\(mounted at ${fs.dir}\\) for ${out}: needed ~3.1 MiB, ${AMOUNT} free; free some space and retry$`,
        ),
      );
      expectNothingPartial(join(fs.dir, 'merged'));
      rmSync(filler!);
      const [result] = await merge(false);
      expect(result!.path).toBe(out);
      expectNothingPartial(join(fs.dir, 'merged'), ['alpha-0.5']);
      // Whole: the same bytes as the same merge on a disk that never filled.
      const [reference] = await mergeCheckpoints({
        models: [lo, hi],
        alphas: [0.5],
        out: join(inputs.dir, 'reference'),
        durable: false,
      });
      for (const file of ['model.safetensors', 'merge.json', 'config.json']) {
        expect(readFileSync(join(out, file)).equals(readFileSync(join(reference!.path, file)))).toBe(true);
      }
    });
  },
);

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '@frontier/core';
import { readLcbEvalFile } from './lcb';
import { readManifest } from './manifest';
import { writeSyntheticSweep } from './synthetic';
import { collect, tempDir } from '../test/helpers';

const root = await tempDir();

async function contents(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) out[name] = await readFile(join(dir, name), 'utf8');
  return out;
}

describe('writeSyntheticSweep', () => {
  it('is deterministic for a seed and different across seeds', async () => {
    const options = { seed: 42, problems: 8, samplesPerCheckpoint: 5, alphas: [0, 0.5, 1] };
    await writeSyntheticSweep({ ...options, dir: join(root, 'a') });
    await writeSyntheticSweep({ ...options, dir: join(root, 'b') });
    await writeSyntheticSweep({ ...options, seed: 43, dir: join(root, 'c') });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((d) => contents(join(root, d))));
    expect(Object.keys(a!)).toEqual([
      'alpha_0.5_eval_all.json',
      'alpha_0_eval_all.json',
      'alpha_1_eval_all.json',
      'manifest.json',
    ]);
    expect(a).toEqual(b);
    expect(a!['alpha_0_eval_all.json']).not.toEqual(c!['alpha_0_eval_all.json']);
  });

  it('writes the default sweep quickly, in files our own readers accept, with the modelled trend', async () => {
    const dir = join(root, 'default');
    const started = performance.now();
    const result = await writeSyntheticSweep({ dir, seed: 1 });
    expect(performance.now() - started).toBeLessThan(3000); // < 1 s on the build machines; slack for CI noise
    expect(result.samples).toBe(60 * 9 * 20);
    expect((await readdir(dir)).filter((n) => n.includes('.partial'))).toEqual([]);

    const manifest = await readManifest(result.manifestPath);
    expect(manifest.study).toContain('SYNTHETIC');
    expect(manifest.entries.map((e) => [e.alpha, e.role, e.name, e.setting])).toEqual(
      [-0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5].map((a) => [
        a,
        a === 0 ? 'low' : a === 1 ? 'high' : 'merged',
        `7B alpha=${a}`,
        'reasoning',
      ]),
    );

    const rates = new Map<number, Record<Verdict, number>>();
    for (const entry of manifest.entries) {
      const records = await collect(readLcbEvalFile(entry.path));
      expect(records).toHaveLength(60);
      expect(new Set(records.map((r) => r.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
      const counts = { AC: 0, WA: 0, TLE: 0, MLE: 0, RE: 0, CE: 0, OLE: 0, IE: 0 };
      for (const r of records) for (const s of r.samples) counts[s.verdict]++;
      rates.set(entry.alpha, counts);
    }
    const lo = rates.get(-0.5)!;
    const hi = rates.get(1.5)!;
    expect(hi.TLE).toBeLessThan(lo.TLE); // optimisation failures fall with alpha
    expect(hi.WA + hi.RE).toBeGreaterThan(lo.WA + lo.RE); // correctness failures rise
    expect(Math.abs(hi.AC - lo.AC) / 1200).toBeLessThan(0.1); // solve rate roughly flat
  });

  it('writes programs of roughly the requested length', async () => {
    const result = await writeSyntheticSweep({
      dir: join(root, 'long'),
      seed: 3,
      problems: 4,
      samplesPerCheckpoint: 25,
      alphas: [0.5],
      codeBytes: 1000,
    });
    const [record] = await collect(readLcbEvalFile(result.files[0]!.path));
    const lengths = record!.samples.map((s) => s.code.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(600);
    expect(Math.max(...lengths)).toBeLessThan(1700);
    expect(new Set(record!.samples.map((s) => s.code)).size).toBe(25);
  });

  it('keeps each raw reply beside its code, as LiveCodeBench does', async () => {
    const result = await writeSyntheticSweep({
      dir: join(root, 'replies'),
      seed: 5,
      problems: 2,
      samplesPerCheckpoint: 4,
      alphas: [1],
    });
    const [raw] = JSON.parse(await readFile(result.files[0]!.path, 'utf8')) as {
      output_list: string[];
      code_list: string[];
    }[];
    expect(raw!.output_list).toHaveLength(4);
    raw!.output_list.forEach((out, i) => expect(out).toContain(`\`\`\`python\n${raw!.code_list[i]}\`\`\``));
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeCheckpoints } from '@frontier/merge';
import { afterAll, describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { loadToyPolicy, policyConfig, readPolicyCheckpoint, writePolicyCheckpoint } from './checkpoint';
import { FEATURE_NAMES, rawFeatures } from './features';
import { fitNormalization } from './normalization';

const dir = mkdtempSync(join(tmpdir(), 'minilab-ckpt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = policyConfig(fitNormalization(listCandidates().map((c) => rawFeatures(c.code))));
const d = FEATURE_NAMES.length;
const lo = Float32Array.from({ length: d }, (_, j) => Math.cos(3 * j) * 1.7);
const hi = Float32Array.from({ length: d }, (_, j) => Math.sin(2 * j + 1) * 2.3);

describe('policy checkpoints', () => {
  it('round-trip weights and config', async () => {
    await writePolicyCheckpoint(join(dir, 'rt'), lo, config);
    const back = await readPolicyCheckpoint(join(dir, 'rt'));
    expect(back.weight).toEqual(lo);
    expect(back.config).toEqual(config);
  });

  it('merge like any model: logits at alpha are the interpolation of the endpoints', async () => {
    await writePolicyCheckpoint(join(dir, 'lo'), lo, config);
    await writePolicyCheckpoint(join(dir, 'hi'), hi, config);
    const alphas = [0, 1, 0.5, -1, 2];
    await mergeCheckpoints({
      models: [join(dir, 'lo'), join(dir, 'hi')],
      alphas,
      out: join(dir, 'merged-{alpha}'),
      durable: false,
    });
    const [pLo, pHi] = await Promise.all([loadToyPolicy(join(dir, 'lo')), loadToyPolicy(join(dir, 'hi'))]);
    for (const alpha of alphas) {
      const merged = await loadToyPolicy(join(dir, `merged-${alpha}`));
      for (const id of ['dijkstra', 'bit-count', 'lis-length']) {
        const got = merged.logits(id);
        const a = pLo.logits(id);
        const b = pHi.logits(id);
        if (alpha === 0) expect(got).toEqual(a);
        else if (alpha === 1) expect(got).toEqual(b);
        else got.forEach((x, i) => expect(x).toBeCloseTo((1 - alpha) * a[i]! + alpha * b[i]!, 5));
      }
    }
  });

  it('refuses a checkpoint trained with other features', async () => {
    await writePolicyCheckpoint(join(dir, 'old'), lo, config);
    const file = join(dir, 'old', 'config.json');
    const stale = JSON.parse(readFileSync(file, 'utf8'));
    stale.features[0] = 'renamed_feature';
    writeFileSync(file, JSON.stringify(stale));
    await expect(loadToyPolicy(join(dir, 'old'))).rejects.toThrow(/retrain/);
  });
});

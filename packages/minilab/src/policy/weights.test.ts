// The committed demo weights must match the code that reads them: a change to the features or
// to the candidates without `npm run lab:train` fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SampleResult } from '@frontier/judge';
import { describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { loadToyPolicy, policyConfig, readPolicyCheckpoint } from './checkpoint';
import { DEMO_ENDPOINTS } from './endpoints';
import { rawFeatures } from './features';
import { fitNormalization } from './normalization';
import { fitEndpoints, TRAINING_DEFAULTS } from './train';

const dirs = { init: DEMO_ENDPOINTS.init, low: DEMO_ENDPOINTS.lo, high: DEMO_ENDPOINTS.hi };
const training = JSON.parse(readFileSync(join(DEMO_ENDPOINTS.lo, '..', 'training.json'), 'utf8'));

describe('committed demo weights', () => {
  it('load, with the config of the current features and candidates', async () => {
    const expected = policyConfig(fitNormalization(listCandidates().map((c) => rawFeatures(c.code))));
    for (const dir of Object.values(dirs)) {
      const { config } = await readPolicyCheckpoint(dir);
      expect(config).toEqual(expected);
      const policy = await loadToyPolicy(dir);
      expect(policy.problems.size).toBe(24);
    }
    // Byte-identical configs: a merge copies config.json from its first input.
    const texts = Object.values(dirs).map((d) => readFileSync(join(d, 'config.json'), 'utf8'));
    expect(new Set(texts).size).toBe(1);
  });

  it('were trained with the documented hyper-parameters', () => {
    expect(training.hyperparameters).toMatchObject(TRAINING_DEFAULTS);
  });

  // The observation log is read here only to check reproducibility: training on the verdicts it
  // recorded gives the committed weights bit for bit.
  it('are reproduced exactly from the verdicts observed during their training run', async () => {
    const observed = training.observedVerdicts.candidates as Array<{
      candidate: string;
      verdict: string;
      coveragePassed: number;
    }>;
    const results = new Map(observed.map((o) => [o.candidate, o as unknown as SampleResult]));
    const fit = fitEndpoints(listCandidates(), results, TRAINING_DEFAULTS);
    for (const name of ['init', 'low', 'high'] as const) {
      const { weight } = await readPolicyCheckpoint(dirs[name]);
      expect(Buffer.from(weight.buffer).equals(Buffer.from(fit[name].weight.buffer)), name).toBe(true);
    }
  });
});

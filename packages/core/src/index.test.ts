import { expect, it } from 'vitest';
import * as core from './index';

it('re-exports the public API', () => {
  for (const name of [
    'VERDICTS', 'verdictCode', 'verdictFromCode', 'failureClassOf', 'CHECKPOINT_ROLES',
    'passAtK', 'meanPassAtK', 'checkpointRates', 'frontierSegments', 'paretoSet', 'mulberry32',
    'pairedBootstrapMeans', 'rateIntervals', 'mcnemarExact', 'pairedDifferenceInterval',
    'ensemblePass', 'uniformAllocation', 'optimisedAllocation', 'compareEnsemble',
    'rankNextCheckpoint', 'solveMatrix', 'clusterOrder',
  ]) {
    expect(core).toHaveProperty(name);
  }
});

// `npm run lab:train`: judges every candidate with the real judge and trains the demo lab's
// endpoints into packages/minilab/weights/{init,low,high}/ plus weights/training.json.
import { fileURLToPath } from 'node:url';
import { trainEndpoints } from '../src/index';

const outDir = fileURLToPath(new URL('../weights', import.meta.url));
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const report = await trainEndpoints({ outDir, log: (m) => console.error(`[${elapsed()}] ${m}`) });
const fmt = (e: { low: number; high: number }) =>
  `low-coverage reward ${e.low.toFixed(3)}, high-coverage reward ${e.high.toFixed(3)}`;
for (const name of ['init', 'low', 'high'] as const)
  console.log(`${name.padEnd(4)}  ${fmt(report.endpoints[name].expectedReward)}`);
console.log(`wrote ${outDir} in ${elapsed()}`);

import { describe, expect, it } from 'vitest';
import { listCandidates } from '../problems';
import { createToyPolicyBackend } from './backend';
import { DEMO_ENDPOINTS } from './endpoints';

const base = { statement: '', language: 'python' as const };
async function collect(it: AsyncIterable<{ idx: number; code: string }>) {
  const out: Array<{ idx: number; code: string }> = [];
  for await (const s of it) out.push(s);
  return out;
}

describe('toy policy backend', () => {
  const backend = createToyPolicyBackend({ checkpointDir: DEMO_ENDPOINTS.hi, seed: 42 });
  const sources = new Set(
    listCandidates()
      .filter((c) => c.problemId === 'dijkstra')
      .map((c) => c.code),
  );

  it('yields one candidate source per requested index, reproducibly', async () => {
    expect(backend.name).toBe('toy-policy');
    const all = await collect(backend.generate({ ...base, problemId: 'dijkstra', n: 16 }));
    expect(all.map((s) => s.idx)).toEqual([...Array(16).keys()]);
    for (const s of all) expect(sources.has(s.code)).toBe(true);
    const resumed = await collect(backend.generate({ ...base, problemId: 'dijkstra', n: 16, indexes: [3, 11] }));
    expect(resumed).toEqual([all[3], all[11]]);
    const again = await collect(
      createToyPolicyBackend({ checkpointDir: DEMO_ENDPOINTS.hi, seed: 42 }).generate({
        ...base,
        problemId: 'dijkstra',
        n: 16,
      }),
    );
    expect(again).toEqual(all);
  });

  it('names an unknown problem', async () => {
    await expect(collect(backend.generate({ ...base, problemId: 'nope', n: 1 }))).rejects.toThrow(
      /unknown problem "nope"/,
    );
  });
});

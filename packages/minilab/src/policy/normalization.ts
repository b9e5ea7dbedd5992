// Z-score normalisation of the raw features. The statistics are fitted once over every candidate
// of the problem set and stored in each checkpoint's config.json, so a checkpoint keeps meaning
// the same thing whatever is computed later; merged checkpoints copy them from the first input.

export interface Normalization {
  mean: number[];
  /** Population standard deviation; 1 for a feature that is constant over the candidates. */
  std: number[];
}

export function fitNormalization(rows: readonly (readonly number[])[]): Normalization {
  const first = rows[0];
  if (!first) throw new Error('cannot fit a normalisation on no rows');
  const dim = first.length;
  const mean = Array.from({ length: dim }, (_, j) => rows.reduce((s, r) => s + (r[j] as number), 0) / rows.length);
  const std = mean.map((m, j) => {
    const variance = rows.reduce((s, r) => s + ((r[j] as number) - m) ** 2, 0) / rows.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  return { mean, std };
}

export function normalize(raw: readonly number[], n: Normalization): number[] {
  if (raw.length !== n.mean.length)
    throw new Error(`feature vector has ${raw.length} entries, the normalisation ${n.mean.length}`);
  return raw.map((x, j) => (x - (n.mean[j] as number)) / (n.std[j] as number));
}

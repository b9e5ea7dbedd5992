/**
 * The name of the checkpoint at `alpha` on a model scale's alpha line: "alpha=0.25", or
 * "7B alpha=0.25" with a scale. A blank scale means none, so it never yields " alpha=0.25".
 */
export function checkpointName(alpha: number, scale?: string): string {
  return scale === undefined || scale.trim() === '' ? `alpha=${alpha}` : `${scale} alpha=${alpha}`;
}

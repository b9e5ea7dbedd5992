import type { FrontierPoint } from './api-types';
import type { EndpointAlphas } from '@frontier/core';

export type LinePoint = FrontierPoint & { alpha: number };

/** Checkpoints on an alpha line, grouped by model scale (one line per scale, in alpha order). */
export function linesByScale(points: readonly FrontierPoint[]): Map<string, LinePoint[]> {
  const lines = new Map<string, LinePoint[]>();
  for (const p of points) {
    if (p.alpha === null) continue;
    const line = lines.get(p.scale) ?? [];
    line.push(p as LinePoint);
    lines.set(p.scale, line);
  }
  for (const line of lines.values()) line.sort((a, b) => a.alpha - b.alpha);
  return lines;
}

/** The trained endpoints' alphas on a line: those of its LOW and HIGH checkpoints, else 0 and 1. */
export function endpointsOf(line: readonly LinePoint[]): EndpointAlphas {
  return {
    lo: line.find((p) => p.role === 'LOW')?.alpha ?? 0,
    hi: line.find((p) => p.role === 'HIGH')?.alpha ?? 1,
  };
}

/** Line colours for several scales; one scale gets the first. */
export const LINE_COLOURS = ['#4a5568', '#c2410c', '#0f766e', '#7c3aed'];

export function scaleLabel(scale: string): string {
  return scale === '' ? 'model' : scale;
}

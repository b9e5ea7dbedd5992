import type { Page } from '@playwright/test';

/** Focuses the alpha slider and presses arrow keys, one step at a time; returns the `sweep-step` durations (ms). */
export async function sweepSteps(page: Page, keys: ('ArrowRight' | 'ArrowLeft')[], pauseMs = 30): Promise<number[]> {
  await page.evaluate(() => performance.clearMeasures('sweep-step'));
  await page.getByTestId('alpha-slider').focus();
  for (const key of keys) {
    await page.keyboard.press(key);
    await page.waitForTimeout(pauseMs);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => performance.getEntriesByName('sweep-step', 'measure').map((e) => e.duration));
}

export function percentile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  return s[lo]! + (h - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!);
}

import { expect, type Page } from '@playwright/test';

// What a person sees before scrolling: boxes of the page's parts measured in the viewport.

export const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

export interface FrontierScreen {
  scrollY: number;
  viewport: number;
  slider: { top: number; bottom: number };
  /** Pixels of the frontier's drawn height inside the viewport. */
  frontierVisible: number;
  /** Every drawn plot on the page, by test id, with its drawn area in px². */
  plots: { id: string; width: number; height: number; area: number }[];
}

/** Waits for every chart on the Frontier tab to be drawn (generously: the machine may be busy). */
export async function frontierDrawn(page: Page): Promise<void> {
  const drawn = { timeout: 30_000 };
  await expect(page.getByTestId('frontier-plot')).toHaveAttribute('data-status', 'ready', drawn);
  await expect(page.getByTestId('solve-rate-plot')).toHaveAttribute('data-status', 'ready', drawn);
  for (const verdicts of await page.getByTestId('verdict-plot').all())
    await expect(verdicts).toHaveAttribute('data-status', 'ready', drawn);
}

/** The Frontier tab's first screen, measured where Plotly drew (its SVG), not where it was asked to. */
export async function measureFrontier(page: Page): Promise<FrontierScreen> {
  return page.evaluate(() => {
    const vh = window.innerHeight;
    const svg = (el: Element) => (el.querySelector('.main-svg') ?? el).getBoundingClientRect();
    const slider = document.querySelector('[data-testid="alpha-slider"]')!.getBoundingClientRect();
    const frontier = svg(document.querySelector('[data-testid="frontier-plot"]')!);
    return {
      scrollY: window.scrollY,
      viewport: vh,
      slider: { top: slider.top, bottom: slider.bottom },
      frontierVisible: Math.max(0, Math.min(frontier.bottom, vh) - Math.max(frontier.top, 0)),
      plots: [...document.querySelectorAll('.plot[data-testid]')].map((el) => {
        const r = svg(el);
        return {
          id: el.getAttribute('data-testid')!,
          width: Math.round(r.width),
          height: Math.round(r.height),
          area: Math.round(r.width * r.height),
        };
      }),
    };
  });
}

/** The tick labels Plotly rendered on each axis of a chart. */
export async function tickLabels(page: Page, testId: string): Promise<{ x: string[]; y: string[] }> {
  return page
    .getByTestId(testId)
    .first()
    .evaluate((el) => ({
      x: [...el.querySelectorAll('.xtick text')].map((t) => t.textContent ?? ''),
      y: [...el.querySelectorAll('.ytick text')].map((t) => t.textContent ?? ''),
    }));
}

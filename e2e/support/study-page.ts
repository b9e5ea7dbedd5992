import { expect, type Page } from '@playwright/test';

export interface TableRow {
  checkpointId: number;
  role: string;
  alpha: number | null;
  solveRate: number;
  correctnessRate: number;
  optimizationRate: number;
  problems: number;
  n: number;
}

/** The exact numbers of the "Plotted numbers" table (each cell's data-value). */
export async function readTable(page: Page): Promise<TableRow[]> {
  return page.getByTestId('checkpoint-row').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (id: string) => row.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-value') ?? '';
      const num = (id: string) => Number(cell(id));
      return {
        checkpointId: Number(row.getAttribute('data-checkpoint-id')),
        role: cell('role'),
        alpha: cell('alpha') === '' ? null : num('alpha'),
        solveRate: num('solve-rate'),
        correctnessRate: num('correctness-rate'),
        optimizationRate: num('optimization-rate'),
        problems: num('problems'),
        n: num('n'),
      };
    }),
  );
}

interface PlotTrace {
  name?: string;
  mode?: string;
  x?: (number | null)[];
  line?: { dash?: string };
}

/** The traces Plotly actually drew in a chart (the graph div keeps them as `.data`). */
export async function plottedTraces(page: Page, testId: string): Promise<PlotTrace[]> {
  const chart = page.getByTestId(testId);
  await expect(chart).toHaveAttribute('data-status', 'ready');
  return chart.locator('.js-plotly-plot').evaluate((el) =>
    ((el as unknown as { data: PlotTrace[] }).data ?? []).map((t) => ({
      name: t.name,
      mode: t.mode,
      x: [...(t.x ?? [])],
      line: t.line,
    })),
  );
}

/** Waits until the view shows the data for this query string (filters settle, no fetch running). */
export async function waitForView(page: Page, search: string): Promise<void> {
  await expect(page.getByTestId('study-view')).toHaveAttribute('data-filters', search);
  await expect(page.getByTestId('study-view')).toHaveAttribute('data-shown-filters', search);
  await expect(page.getByTestId('study-view')).not.toHaveClass(/fetching/);
}

import type { Page } from '@playwright/test';

/** Collects the page's console errors and uncaught errors (a hydration mismatch is React error #418). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

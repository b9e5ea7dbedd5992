import { fileURLToPath } from 'node:url';

/** The committed demo weights (absolute paths): theta_0 and the two trained endpoints. */
export const DEMO_ENDPOINTS = {
  init: fileURLToPath(new URL('../../weights/init', import.meta.url)),
  lo: fileURLToPath(new URL('../../weights/low', import.meta.url)),
  hi: fileURLToPath(new URL('../../weights/high', import.meta.url)),
} as const;

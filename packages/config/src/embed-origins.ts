import { z } from 'zod';

// Which sites may frame a share's embed (/s/TOKEN/embed): the CSP frame-ancestors of that page
// only; every other page refuses framing whatever this says.

// An origin as CSP writes it: scheme, host (optionally "*." for its subdomains), optional port.
const ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** Space- or comma-separated origins; unset or empty: any site (`*`). Output: the list, or null for any. */
export const embedOriginsSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const origins = (value ?? '').split(/[\s,]+/).filter(Boolean);
    if (origins.length === 0) return null;
    const bad = origins.filter((o) => !ORIGIN.test(o.toLowerCase()));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an origin (scheme://host[:port], e.g. https://wiki.lab.example or https://*.lab.example): ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
      });
      return z.NEVER;
    }
    return origins.map((o) => o.toLowerCase());
  })
  .describe(
    "The sites that may show a share's embed (`/s/TOKEN/embed`) in a frame: origins separated by spaces or commas, e.g. `https://wiki.lab.example https://*.notion.site`; unset, any site may. Every other page refuses to be framed.",
  );

/** The CSP frame-ancestors source list for the embed pages. */
export function embedFrameAncestors(origins: readonly string[] | null): string {
  return origins === null ? '*' : origins.join(' ');
}

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { PREVIEW_FONT, PREVIEW_WIDTH } from '../lib/preview/preview-svg';

// The preview card's SVG to PNG, without a browser. Server code, but not marked server-only: it
// reads no secret, and the benchmark (scripts/bench/preview.ts) runs it outside Next.

/** DejaVu Sans (a permissive licence, shipped as an npm package): found from the working directory up, never a system font. */
let fontFiles: string[] | undefined;
function previewFonts(): string[] {
  if (fontFiles) return fontFiles;
  for (let dir = resolve(/*turbopackIgnore: true*/ process.cwd()); ; dir = dirname(dir)) {
    const ttf = join(/*turbopackIgnore: true*/ dir, 'node_modules', 'dejavu-fonts-ttf', 'ttf');
    if (existsSync(join(/*turbopackIgnore: true*/ ttf, 'DejaVuSans.ttf')))
      return (fontFiles = [join(ttf, 'DejaVuSans.ttf'), join(ttf, 'DejaVuSans-Bold.ttf')]);
    if (dirname(dir) === dir) throw new Error('the preview font (npm package dejavu-fonts-ttf) is not installed');
  }
}

/** An SVG card as a PNG, with the bundled font only. */
export function rasterise(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: PREVIEW_WIDTH },
    font: { loadSystemFonts: false, fontFiles: previewFonts(), defaultFontFamily: PREVIEW_FONT },
  });
  return resvg.render().asPng();
}

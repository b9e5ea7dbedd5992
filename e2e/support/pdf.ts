import { inflateSync } from 'node:zlib';

// Just enough PDF reading to check an exported figure: the page box, the fonts, and the drawing
// operators of the (Flate-compressed) content streams.

export interface PdfFacts {
  mediaBox: number[];
  /** /BaseFont names of every font object. */
  baseFonts: string[];
  fontFiles: number;
  /** Fonts with a ToUnicode map: their text can be selected and searched. */
  toUnicode: number;
  images: number;
  /** The decompressed content streams' text. */
  content: string;
}

const STANDARD_FONTS = /^(Helvetica|Times|Courier|Symbol|ZapfDingbats)/;

export function readPdf(bytes: Buffer): PdfFacts {
  const text = bytes.toString('latin1');
  const box = /\/MediaBox\s*\[([^\]]+)\]/.exec(text);
  const streams: string[] = [];
  const re = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const raw = bytes.subarray(start, end);
    if (!/\/FlateDecode/.test(m[1]!)) streams.push(raw.toString('latin1'));
    else if (!/\/Length1|\/Subtype\s*\/(Image|XML)/.test(m[1]!)) {
      try {
        streams.push(inflateSync(raw).toString('latin1'));
      } catch {
        // A stream that is not drawing (font programs, cmaps) need not inflate here.
      }
    }
  }
  return {
    mediaBox: box ? box[1]!.trim().split(/\s+/).map(Number) : [],
    baseFonts: [...text.matchAll(/\/BaseFont\s*\/([^\s/>\]]+)/g)].map((m) => m[1]!),
    fontFiles: [...text.matchAll(/\/FontFile2\s+\d+\s+0\s+R/g)].length,
    toUnicode: [...text.matchAll(/\/ToUnicode\s+\d+\s+0\s+R/g)].length,
    images: [...text.matchAll(/\/Subtype\s*\/Image/g)].length,
    content: streams.join('\n'),
  };
}

export function standardFonts(facts: PdfFacts): string[] {
  return facts.baseFonts.filter((f) => STANDARD_FONTS.test(f));
}

/** Counts of path construction (m, l, c, re) and text showing (Tj, TJ) operators. */
export function operatorCounts(content: string): { paths: number; text: number } {
  const count = (re: RegExp) => [...content.matchAll(re)].length;
  return {
    paths: count(/(?:^|\s)(?:-?[\d.]+\s+){2}(?:m|l)(?=\s)|(?:-?[\d.]+\s+){6}c(?=\s)|(?:-?[\d.]+\s+){4}re(?=\s)/g),
    text: count(/(?:\)|>)\s*Tj(?=\s)|\]\s*TJ(?=\s)/g),
  };
}

import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_SIZE, PDF_PRESETS, pagePoints, parsePdfSize, sizeInput, storedPdfSize } from './pdf-size';

describe('parsePdfSize', () => {
  it('accepts a single-column figure and gives its page in points', () => {
    const r = parsePdfSize({ widthIn: '3.25', heightIn: ' 2.5 ', fontPt: '8', legend: false });
    expect(r).toEqual({ ok: true, size: { widthIn: 3.25, heightIn: 2.5, fontPt: 8, legend: false } });
    expect(pagePoints(r.ok ? r.size : DEFAULT_PDF_SIZE)).toEqual({ width: 234, height: 180 });
  });

  it('accepts the limits themselves', () => {
    expect(parsePdfSize({ widthIn: '1', heightIn: '20', fontPt: '5', legend: true }).ok).toBe(true);
    expect(parsePdfSize({ widthIn: '20', heightIn: '1', fontPt: '24', legend: true }).ok).toBe(true);
  });

  it('names every bad field with its range', () => {
    const r = parsePdfSize({ widthIn: '0', heightIn: 'tall', fontPt: '30', legend: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'Width must be a number from 1 to 20 in (got “0”).',
      'Height must be a number from 1 to 20 in (got “tall”).',
      'Font size must be a number from 5 to 24 pt (got “30”).',
    ]);
  });

  it('refuses empty, negative, infinite and over-large values', () => {
    for (const bad of ['', '-3', 'Infinity', '21', '1e9', 'NaN'])
      expect(parsePdfSize({ widthIn: bad, heightIn: '2', fontPt: '8', legend: true }).ok, bad).toBe(false);
    expect(parsePdfSize({ widthIn: '', heightIn: '2', fontPt: '8', legend: true })).toEqual({
      ok: false,
      errors: ['Width must be a number from 1 to 20 in.'],
    });
  });

  it('round-trips every preset through the form fields', () => {
    for (const p of PDF_PRESETS)
      expect(parsePdfSize(sizeInput(p, true))).toEqual({
        ok: true,
        size: { widthIn: p.widthIn, heightIn: p.heightIn, fontPt: p.fontPt, legend: true },
      });
  });
});

describe('storedPdfSize', () => {
  it('reads back a remembered size', () => {
    expect(storedPdfSize(JSON.stringify({ widthIn: 6.75, heightIn: 3, fontPt: 9, legend: false }))).toEqual({
      widthIn: 6.75,
      heightIn: 3,
      fontPt: 9,
      legend: false,
    });
    // Stored before the legend was a choice: shown.
    expect(storedPdfSize(JSON.stringify({ widthIn: 6.75, heightIn: 3, fontPt: 9 })).legend).toBe(true);
  });

  it('falls back to the default for nothing, garbage or an out-of-range value', () => {
    for (const raw of [null, '', '{', '[]', JSON.stringify({ widthIn: 100, heightIn: 2, fontPt: 8 })])
      expect(storedPdfSize(raw)).toEqual(DEFAULT_PDF_SIZE);
  });
});

// The solve matrix's colour scale: c/n from 0 (pale) to 1 (deep blue), sequential and readable
// for colour-blind viewers; cells without judged samples are drawn apart (hatched grey).

const STOPS: [number, [number, number, number]][] = [
  [0, [247, 247, 244]],
  [0.25, [199, 228, 222]],
  [0.5, [104, 180, 196]],
  [0.75, [44, 122, 178]],
  [1, [19, 52, 120]],
];

export function rateColor(rate: number): string {
  const r = Math.min(1, Math.max(0, rate));
  for (let i = 1; i < STOPS.length; i++) {
    const [x1, c1] = STOPS[i]!;
    const [x0, c0] = STOPS[i - 1]!;
    if (r <= x1) {
      const t = (r - x0) / (x1 - x0);
      const mix = c0.map((v, j) => Math.round(v + (c1[j]! - v) * t));
      return `rgb(${mix[0]}, ${mix[1]}, ${mix[2]})`;
    }
  }
  return 'rgb(19, 52, 120)';
}

/** Text colour that stays legible on a cell of this rate. */
export function rateTextColor(rate: number): string {
  return rate > 0.55 ? '#fff' : '#1d2330';
}

/** CSS gradient of the scale, for the legend. */
export const RATE_GRADIENT = `linear-gradient(to right, ${STOPS.map(([x, c]) => `rgb(${c.join(', ')}) ${x * 100}%`).join(', ')})`;

export const NO_DATA_COLOR = '#d9dce1';

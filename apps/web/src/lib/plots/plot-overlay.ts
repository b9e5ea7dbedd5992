// The selected alpha drawn as an HTML overlay on a Plotly chart: moving it is a style change,
// not a Plotly redraw, which is what keeps an alpha step well under 50 ms on big studies.
// Positions come from Plotly's computed axes (`_fullLayout`, private but stable across 2.x/3.x):
// `_offset` is the plot area's pixel origin, `l2p(d2l(value))` the data-to-pixel map (log axes too).

interface Axis {
  _offset: number;
  _length: number;
  d2l: (v: number) => number;
  l2p: (v: number) => number;
}

type Graph = HTMLElement & { _fullLayout?: { xaxis?: Axis; yaxis?: Axis } };

export type OverlayMark = { kind: 'ring'; x: number; y: number } | { kind: 'vline'; x: number };

/** Places one child of `layer` per mark (creating or hiding children as needed). */
export function placeOverlay(
  graph: HTMLElement | null,
  layer: HTMLElement | null,
  marks: readonly OverlayMark[],
): void {
  if (!graph || !layer) return;
  const xa = (graph as Graph)._fullLayout?.xaxis;
  const ya = (graph as Graph)._fullLayout?.yaxis;
  while (layer.children.length < marks.length) layer.append(document.createElement('div'));
  Array.from(layer.children).forEach((child, i) => {
    const el = child as HTMLElement;
    const m = marks[i];
    const px = m && xa ? xa._offset + xa.l2p(xa.d2l(m.x)) : Number.NaN;
    const inside = xa !== undefined && px >= xa._offset - 1 && px <= xa._offset + xa._length + 1;
    if (!m || !ya || !inside) {
      el.style.display = 'none';
      return;
    }
    el.style.display = 'block';
    if (m.kind === 'ring') {
      const py = ya._offset + ya.l2p(ya.d2l(m.y));
      el.className = 'overlay-ring';
      el.style.transform = `translate(${px - 15}px, ${py - 15}px)`;
    } else {
      el.className = 'overlay-vline';
      el.style.transform = `translate(${px - 1}px, ${ya._offset}px)`;
      el.style.height = `${ya._length}px`;
    }
  });
}

/** Colours of a chart's alpha lines, one per series in order; a single series gets the first. */
export const LINE_COLOURS = ['#4a5568', '#c2410c', '#0f766e', '#7c3aed'];

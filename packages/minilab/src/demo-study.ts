// How the demo study samples, shared by `npm start` (which builds it) and the tests that
// reproduce what it shows without the pipeline.

/** The seed of the demo study's benchmark and of its samples (training uses another benchmark seed). */
export const DEMO_STUDY_SEED = 20261130;

/** The demo study's alpha grid: -1.5 to 2.5 in steps of 0.25, far enough past both endpoints to see where extrapolation stops paying. */
export const DEMO_ALPHAS: readonly number[] = Array.from({ length: 17 }, (_, i) => -1.5 + 0.25 * i);

export const DEMO_SAMPLES_PER_PROBLEM = 64;

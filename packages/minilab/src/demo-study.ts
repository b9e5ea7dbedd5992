// How the demo study samples, shared by `npm start` (which builds it) and the tests that
// reproduce what it shows without the pipeline.

/** The seed of the demo study's benchmark and of its samples (training uses another benchmark seed). */
export const DEMO_STUDY_SEED = 20261130;

/**
 * The demo study's alpha grid: -1.5 to 2.5, far enough past both endpoints to see where
 * extrapolation stops paying; steps of 0.25 from -0.5 to 1.5 and of 0.5 outside, so that the
 * first start evaluates 13 alphas (the 17 of a uniform 0.25 grid took its pipeline from about
 * 58 s to 63-66 s on a two-core machine).
 */
export const DEMO_ALPHAS: readonly number[] = [-1.5, -1, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5];

export const DEMO_SAMPLES_PER_PROBLEM = 64;

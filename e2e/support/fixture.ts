/** The study the e2e setup imports (e2e/fixture.setup.ts): a small synthetic sweep, fixed seed. */
export const FIXTURE_STUDY = 'E2E fixture sweep (SYNTHETIC DATA)';

/** Agreement expected between the app's rates and the test's SQL: same maths, different summation order. */
export const RATE_TOLERANCE = 1e-9;

// Runs once as the server starts, before the first request: a server-mode process without its
// secret or public URL refuses to start, naming the variable, instead of failing each request.
// Then a production server warms itself up in the background (server/warm-up.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { accessMode, env } = await import('./env');
  const { selfOrigin, warmUp, warmUpState } = await import('./server/warm-up');
  try {
    accessMode();
  } catch (err) {
    // Next only logs an error thrown here and serves on; exit so a supervisor or compose sees it.
    console.error(`[frontier] ${(err as Error).message}`);
    process.exit(1);
  }
  // Not awaited: the server answers requests only once this returns, its own among them. In
  // development every first request compiles its route anyway.
  if (process.env.NODE_ENV === 'production')
    void warmUp(selfOrigin(accessMode(), env().PORT), (m) => console.log(`[frontier] ${m}`));
  else warmUpState().done = true;
}

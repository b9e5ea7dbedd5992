// Runs once as the server starts, before the first request: a server-mode process without its
// secret or public URL refuses to start, naming the variable, instead of failing each request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { accessMode } = await import('./env');
  try {
    accessMode();
  } catch (err) {
    // Next only logs an error thrown here and serves on; exit so a supervisor or compose sees it.
    console.error(`[frontier] ${(err as Error).message}`);
    process.exit(1);
  }
}

import cliProgress from 'cli-progress';

export interface Progress {
  start(total: number, label?: string): void;
  update(done: number): void;
  increment(by?: number): void;
  stop(): void;
}

// A bar on a terminal; silent when stderr is piped so scripts get clean output.
export function progressBar(label: string): Progress {
  if (!process.stderr.isTTY) {
    return { start() {}, update() {}, increment() {}, stop() {} };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% {value}/{total} eta {eta_formatted}`,
      stream: process.stderr,
      hideCursor: true,
      // Until the rate is known the library's ETA is 'NULL' or 'INF', which its own formatter
      // mangles ("NFs"): show a dash instead.
      formatTime: (t, options, roundTo) =>
        typeof t === 'number' && Number.isFinite(t) ? cliProgress.Format.TimeFormat(t, options, roundTo) : '-',
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0),
    update: (done) => bar.update(done),
    increment: (by = 1) => bar.increment(by),
    stop: () => bar.stop(),
  };
}

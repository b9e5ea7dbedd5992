// The web server's V8 young generation: with Node's default (16 MiB semi-spaces) a server under
// 20 clients scavenged every ~0.1 s, so the objects of requests still in flight were promoted and
// later collected by full GCs; with 64 MiB, in four times fewer scavenges, they die young.
// Measured with --trace-gc on the 10M study's read mix (bench:scale's endpoints), two interleaved
// pairs: scavenges 48-50 -> 13, GC pause time 218-238 -> 140-149 ms, 492-549 -> 598-645
// requests/s, p95 68-83 -> 62-65 ms; the young generation costs up to ~128 MiB more memory.
export const WEB_NODE_OPTIONS = '--max-semi-space-size=64';

/** `env` with the web server's Node options added to any already set. */
export function webServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, WEB_NODE_OPTIONS].filter(Boolean).join(' ') };
}

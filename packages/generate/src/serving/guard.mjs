// The guard of one inference server (launch.ts starts it with plain node). It runs the server's
// command in a process group of its own, appends its output to the log, and stops the whole group
// when its stdin reaches EOF: when the launcher asks, or when the launcher dies, even by SIGKILL,
// since the kernel then closes the launcher's end of the pipe. A server must never outlive the
// worker that started it: it holds a GPU that the next job needs.
//
// Argument: JSON {command, logFile, graceMs}. Reports on stdout, one JSON line each:
// {"event":"started","pid":N}, {"event":"exit","code":N|null,"signal":S|null}, {"event":"error","message":M}.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { terminateGroup } from './process-group.mjs';

const { command, logFile, graceMs } = JSON.parse(process.argv[2]);

// Signals to the guard's own group (Ctrl-C, a service manager stopping everything) must not end
// it before it has escalated to SIGKILL: only EOF on stdin stops it.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => {});
// With the launcher gone, reports go nowhere; that must not crash the guard.
process.stdout.on('error', () => {});
const report = (event) => process.stdout.write(`${JSON.stringify(event)}\n`);

mkdirSync(dirname(logFile), { recursive: true });
const log = openSync(logFile, 'a');
// detached: the shell leads a new process group, so one signal reaches everything it starts.
const server = spawn('sh', ['-c', command], { detached: true, stdio: ['ignore', log, log] });
closeSync(log);
const serverExited = new Promise((resolve) => server.on('exit', resolve));

let stopping;
function stop() {
  stopping ??= (async () => {
    if (server.pid !== undefined) await terminateGroup(server.pid, graceMs);
    // The group counts as gone once the shell is a zombie; wait for node to reap it and report.
    await Promise.race([serverExited, sleep(2_000)]);
    process.exit(0); // stdout is a pipe, written synchronously on Linux: no report is lost
  })();
}

server.on('error', (err) => {
  report({ event: 'error', message: err.message });
  process.exit(1);
});
server.on('spawn', () => report({ event: 'started', pid: server.pid }));
server.on('exit', (code, signal) => {
  report({ event: 'exit', code, signal });
  stop(); // whatever the shell left running in its group goes with it
});

process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();

// Test helper: starts the embedded server in the given directory, prints its URL, then waits to
// be killed, so a test can leave an orphaned server behind the way a killed `npm start` does.
import { startEmbeddedPostgres } from '../src/embedded/postgres';

const server = await startEmbeddedPostgres({ dataDir: process.argv[2]!, database: 'postgres' });
process.stdout.write(`${server.url}\n`);
setInterval(() => {}, 1 << 30);

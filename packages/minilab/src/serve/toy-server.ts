// A stand-in inference server for tests and the demo: the routes of vLLM and SGLang that the
// pipeline uses, answered by the toy policy loaded from a checkpoint directory.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listProblems } from '../problems';
import { chatCompletions } from './chat-route';
import { detailError, HttpError, readJsonObject, sendReply, type Reply } from './http-json';
import { ServedModel } from './served-model';
import { modelInfo, updateWeightsFromDisk } from './sglang-routes';
import { collectiveRpc } from './vllm-routes';

export interface ToyServerOptions {
  checkpointDir: string;
  /** Default: the checkpoint directory, as vLLM and SGLang do. */
  servedModelName?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Serve /collective_rpc, as vLLM does only with VLLM_SERVER_DEV_MODE=1. */
  vllmDevMode?: boolean;
  /** Fault injection: after answering this many chat completions, the process exits with code 1. */
  exitAfterCompletions?: number;
  /** Default: a line on stderr. */
  log?: (line: string) => void;
}

export interface ToyServer {
  /** Root URL, e.g. `http://127.0.0.1:8000`; the OpenAI API is under `/v1`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

type Route = (req: IncomingMessage) => Promise<Reply> | Reply;

/** Loads the checkpoint (rejecting if it cannot), then listens. */
export async function startToyServer(opts: ToyServerOptions): Promise<ToyServer> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const model = await ServedModel.load(opts.checkpointDir, opts.servedModelName ?? opts.checkpointDir, log);
  const problems = listProblems();
  let completions = 0;
  const crashIfDue = (): void => {
    if (opts.exitAfterCompletions === undefined || completions < opts.exitAfterCompletions) return;
    log(
      `CRASH: exiting after ${completions} chat completion(s) (--exit-after-completions ${opts.exitAfterCompletions})`,
    );
    process.exit(1);
  };

  const routes: Record<string, Record<string, Route>> = {
    '/health': { GET: () => ({ status: 200 }) },
    '/v1/models': { GET: () => ({ status: 200, body: modelList(model) }) },
    '/v1/chat/completions': {
      POST: async (req) => {
        crashIfDue();
        return chatCompletions(model, problems, await readJsonObject(req));
      },
    },
    '/get_model_info': { GET: () => modelInfo(model) },
    '/update_weights_from_disk': { POST: async (req) => updateWeightsFromDisk(model, await readJsonObject(req)) },
    ...(opts.vllmDevMode && {
      '/collective_rpc': { POST: async (req: IncomingMessage) => collectiveRpc(model, await readJsonObject(req)) },
      // The toy policy caches nothing; vLLM answers 200 with an empty body.
      '/reset_prefix_cache': { POST: () => ({ status: 200 }) },
    }),
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const methods = routes[path];
    const route = methods?.[req.method ?? ''];
    const handle = async (): Promise<Reply> => {
      if (!methods) throw detailError(404, 'Not Found');
      if (!route) throw detailError(405, 'Method Not Allowed');
      return route(req);
    };
    handle()
      .catch((err: unknown) => {
        if (err instanceof HttpError) return err.reply;
        log(`internal error on ${req.method} ${path}: ${(err as Error).stack ?? String(err)}`);
        return detailError(500, 'Internal Server Error').reply;
      })
      .then((reply) => {
        if (reply.status >= 400) log(`${req.method} ${path} -> ${reply.status} ${JSON.stringify(reply.body)}`);
        const answered = path === '/v1/chat/completions' && reply.status === 200;
        if (answered) completions++;
        sendReply(res, reply, answered ? crashIfDue : undefined);
      });
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(
    `serving model "${model.servedName}" on ${url} (OpenAI API at ${url}/v1${opts.vllmDevMode ? ', vLLM dev mode' : ''})`,
  );
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function modelList(model: ServedModel): object {
  const created = Math.floor(Date.now() / 1000);
  return {
    object: 'list',
    data: [
      { id: model.servedName, object: 'model', created, owned_by: 'frontier-toy', root: model.modelPath, parent: null },
    ],
  };
}

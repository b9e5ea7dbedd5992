// The model a stand-in server holds: the toy policy loaded from a checkpoint directory, the names
// the engines report for it, and a lock so that a reload and the requests around it never
// interleave (SGLang holds a writer lock while it swaps weights).
import { loadToyPolicy } from '../policy/checkpoint';
import type { ToyPolicy } from '../policy/policy';

export class ServedModel {
  /** SGLang's `model_path` (and the `root` of /v1/models): the launch directory until an SGLang reload. */
  modelPath: string;
  /** vLLM's `model_config.model`, which `update_config` sets and `reload_weights` reads. */
  vllmModelPath: string;
  private lock: Promise<unknown> = Promise.resolve();

  private constructor(
    private policy: ToyPolicy,
    readonly launchPath: string,
    public servedName: string,
    private readonly log: (line: string) => void,
  ) {
    this.modelPath = launchPath;
    this.vllmModelPath = launchPath;
  }

  static async load(dir: string, servedName: string, log: (line: string) => void): Promise<ServedModel> {
    log(`loading toy policy weights from ${dir}`);
    return new ServedModel(await loadToyPolicy(dir), dir, servedName, log);
  }

  /** The policy, once any reload in progress has finished. */
  async current(): Promise<ToyPolicy> {
    await this.lock;
    return this.policy;
  }

  /** Loads `dir`; on failure throws and keeps the weights it had. Reloads run one at a time. */
  reload(dir: string): Promise<void> {
    const run = this.lock.then(async () => {
      this.log(`reloading weights from ${dir}`);
      try {
        this.policy = await loadToyPolicy(dir);
      } catch (err) {
        this.log(`reload from ${dir} failed, keeping the previous weights: ${(err as Error).message}`);
        throw err;
      }
      this.log(`weights reloaded from ${dir}`);
    });
    this.lock = run.catch(() => undefined);
    return run;
  }
}

import type { BackendSetup, SlotSandbox } from './backend';
import { ZygoteSlot, type ZygoteSlotOptions } from './zygote-slot';

export type PoolOptions = Omit<ZygoteSlotOptions, 'index' | 'sandbox'> & {
  workers: number;
  backend: BackendSetup;
};

/**
 * A fixed number of sandbox slots; a slot whose supervisor died is replaced on next use. Each
 * slot takes up to ZygoteSlot.PIPELINE users at a time (its supervisor serves their requests one
 * after the other), so that the next request is already queued when one finishes; a new user gets
 * the slot with the fewest. `lane` (0 .. PIPELINE-1) tells a slot's users apart, e.g. for their
 * files.
 */
export class SlotPool {
  private readonly slots: (ZygoteSlot | undefined)[];
  private readonly sandboxes: SlotSandbox[];
  /** Lanes of each slot not in use. */
  private readonly free: number[][];
  private readonly replacing: (Promise<ZygoteSlot> | undefined)[];
  private readonly waiters: ((grant: { i: number; lane: number }) => void)[] = [];
  private closed = false;

  constructor(private readonly opts: PoolOptions) {
    const tag = `frontier-judge-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    this.sandboxes = Array.from({ length: opts.workers }, (_, i) => opts.backend.slot(i, tag));
    this.slots = new Array(opts.workers).fill(undefined);
    this.replacing = new Array(opts.workers).fill(undefined);
    this.free = this.slots.map(() =>
      Array.from({ length: ZygoteSlot.PIPELINE }, (_, lane) => ZygoteSlot.PIPELINE - 1 - lane),
    );
  }

  private take(): { i: number; lane: number } | undefined {
    let best = -1;
    for (let i = 0; i < this.free.length; i++)
      if (this.free[i]!.length > (best < 0 ? 0 : this.free[best]!.length)) best = i;
    return best < 0 ? undefined : { i: best, lane: this.free[best]!.pop()! };
  }

  /** Slot i, replaced (once, whoever asks) if its supervisor died. */
  private slotAt(i: number): Promise<ZygoteSlot> | ZygoteSlot {
    const slot = this.slots[i];
    if (slot?.alive) return slot;
    this.replacing[i] ??= (async () => {
      try {
        await slot?.close();
        const fresh = new ZygoteSlot({ ...this.opts, index: i, sandbox: this.sandboxes[i]! });
        this.slots[i] = fresh;
        return fresh;
      } finally {
        this.replacing[i] = undefined;
      }
    })();
    return this.replacing[i];
  }

  async withSlot<T>(fn: (slot: ZygoteSlot, lane: number) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('judge is closed');
    const { i, lane } =
      this.take() ?? (await new Promise<{ i: number; lane: number }>((res) => this.waiters.push(res)));
    try {
      return await fn(await this.slotAt(i), lane);
    } finally {
      const next = this.waiters.shift();
      if (next) next({ i, lane });
      else this.free[i]!.push(lane);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s?.close()));
    for (const s of this.sandboxes) this.opts.backend.remove(s);
  }
}

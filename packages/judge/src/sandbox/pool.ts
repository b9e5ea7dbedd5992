import { createSlotCgroups, currentCgroup, removeSlotCgroups, type SlotCgroups } from './cgroups';
import { ZygoteSlot, type ZygoteSlotOptions } from './zygote-slot';

export type PoolOptions = Omit<ZygoteSlotOptions, 'index' | 'cgroups'> & {
  workers: number;
  cgroupParents?: SlotCgroups;
};

/** A fixed number of sandbox slots; a slot whose supervisor died is replaced on next use. */
export class SlotPool {
  private readonly slots: (ZygoteSlot | undefined)[];
  private readonly cgroups: SlotCgroups[];
  private readonly free: number[];
  private readonly waiters: ((i: number) => void)[] = [];
  private closed = false;

  constructor(private readonly opts: PoolOptions) {
    const parents = opts.cgroupParents ?? { memory: currentCgroup('memory'), pids: currentCgroup('pids') };
    const tag = `frontier-judge-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    this.cgroups = Array.from({ length: opts.workers }, (_, i) => createSlotCgroups(parents, `${tag}-${i}`));
    this.slots = new Array(opts.workers).fill(undefined);
    this.free = this.slots.map((_, i) => i);
  }

  async withSlot<T>(fn: (slot: ZygoteSlot) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('judge is closed');
    const i = this.free.pop() ?? (await new Promise<number>((res) => this.waiters.push(res)));
    try {
      let slot = this.slots[i];
      if (!slot || !slot.alive) {
        await slot?.close();
        slot = new ZygoteSlot({ ...this.opts, index: i, cgroups: this.cgroups[i]! });
        this.slots[i] = slot;
      }
      return await fn(slot);
    } finally {
      const next = this.waiters.shift();
      if (next) next(i);
      else this.free.push(i);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s?.close()));
    for (const g of this.cgroups) removeSlotCgroups(g);
  }
}

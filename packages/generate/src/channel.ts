/**
 * A queue that producers push to and one consumer iterates. Items pushed before a failure are
 * still delivered, then the error is thrown, so the consumer keeps every finished sample.
 */
export class Channel<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private state: { kind: 'open' } | { kind: 'ended' } | { kind: 'failed'; error: unknown } = { kind: 'open' };
  private wake: (() => void) | undefined;

  push(item: T): void {
    if (this.state.kind !== 'open') return;
    this.items.push(item);
    this.wake?.();
  }

  end(): void {
    if (this.state.kind === 'open') this.state = { kind: 'ended' };
    this.wake?.();
  }

  fail(error: unknown): void {
    if (this.state.kind === 'open') this.state = { kind: 'failed', error };
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for (;;) {
      if (this.items.length > 0) {
        yield this.items.shift() as T;
        continue;
      }
      if (this.state.kind === 'failed') throw this.state.error;
      if (this.state.kind === 'ended') return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

/**
 * Group commit: items handed in while a batch is being written wait and go together in the next
 * one. Each caller's promise settles only after its batch has been written, so an acknowledged item
 * is never lost. A batch the database refuses for its data (one bad row) is split in halves and
 * each half written again, so only the bad item fails and never another request's row.
 */
export interface BatcherOptions<In = unknown, Out = unknown> {
  /** Batches written at once; more than one only on a server with a connection pool. */
  maxInFlight: number;
  maxBatch: number;
  onError?: (err: unknown, size: number) => void;
  /** Whether a failure may be one item's fault (then the batch is split); otherwise every item fails. */
  isItemError?: (err: unknown) => boolean;
  /**
   * Writes a batch of one item, in place of `writeBatch`: a statement for one row, whose generic plan
   * PostgreSQL keeps after five runs, where it plans a list's statement again for every run (it cannot
   * tell the list's length ahead). For batchers whose items mostly arrive alone.
   */
  writeOne?: (item: In) => Promise<Out>;
}

interface Pending<In, Out> {
  item: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

/** PostgreSQL data exceptions (class 22: bad text, too long, out of range) and constraint violations (23). */
export const isDataError = (err: unknown): boolean => /^2[23]/.test(String((err as { code?: unknown } | null)?.code ?? ''));

export class Batcher<In, Out> {
  private pending: Pending<In, Out>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Batches written and items in them (tests and benchmarks read them). */
  readonly stats = { batches: 0, items: 0 };
  private readonly writeBatch: (items: In[]) => Promise<Out[]>;
  private readonly options: BatcherOptions<In, Out>;

  /** `writeBatch` answers one result per item, in order. */
  constructor(writeBatch: (items: In[]) => Promise<Out[]>, options: BatcherOptions<In, Out>) {
    this.writeBatch = writeBatch;
    this.options = options;
  }

  submit(item: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Waits until everything handed in so far is written. */
  async drain(): Promise<void> {
    while (this.pending.length || this.inFlight) await new Promise((r) => setTimeout(r, 5));
  }

  private schedule(): void {
    if (this.inFlight >= this.options.maxInFlight || this.scheduled) return;
    this.scheduled = true;
    // Let the requests of the same event-loop turn join the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.inFlight >= this.options.maxInFlight || !this.pending.length) return;
    this.inFlight++;
    const batch = this.pending.splice(0, this.options.maxBatch);
    try {
      await this.write(batch);
    } finally {
      this.inFlight--;
      if (this.pending.length) this.schedule();
    }
  }

  private async write(batch: Pending<In, Out>[]): Promise<void> {
    try {
      const { writeOne } = this.options;
      const out = writeOne && batch.length === 1 ? [await writeOne(batch[0]!.item)] : await this.writeBatch(batch.map((p) => p.item));
      this.stats.batches++;
      this.stats.items += batch.length;
      batch.forEach((p, i) => p.resolve(out[i]!));
    } catch (err) {
      if (batch.length > 1 && this.options.isItemError?.(err)) {
        const half = Math.ceil(batch.length / 2);
        await this.write(batch.slice(0, half));
        await this.write(batch.slice(half));
        return;
      }
      this.options.onError?.(err, batch.length);
      for (const p of batch) p.reject(err);
    }
  }
}

/**
 * A per-client budget of answers the render cache did not have (renders a visitor waits for, redirects of
 * non-canonical addresses): a token bucket per client address, `burst` deep and refilled at `perSecond`. Cached
 * pages never spend from it, so a visitor over budget still gets every page somebody has seen; only a client that
 * keeps asking for addresses nobody asked for before (random paths or query keys) runs out. The table of clients is
 * bounded: the oldest bucket goes first, which at worst hands a full bucket to a client seen long ago.
 */
export class MissBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Refusals waiting out their delay right now (see `holdRefusal`). */
  private heldRefusals = 0;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly maxClients = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one answer of the client's budget; false when it has none left. */
  take(client: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(client);
    const tokens = bucket ? Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond) : this.burst;
    if (bucket) this.buckets.delete(client);
    else if (this.buckets.size >= this.maxClients) this.buckets.delete(this.buckets.keys().next().value!);
    // Re-inserted: the Map's order is the order clients were last seen.
    this.buckets.set(client, { tokens: tokens >= 1 ? tokens - 1 : tokens, at: now });
    return tokens >= 1;
  }

  /** Whole seconds until the client has one answer again. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(1 / this.perSecond));
  }

  /**
   * Holds a refusal for `delayMs` before it goes out: a client that keeps asking for pages nobody has seen then gets
   * one answer per connection and second, and spends next to nothing of the server meanwhile. At most `maxHeld` wait
   * at once; past that they go out at once (holding them would cost more than answering).
   */
  async holdRefusal(delayMs: number, maxHeld: number): Promise<void> {
    if (this.heldRefusals >= maxHeld) return;
    this.heldRefusals += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    } finally {
      this.heldRefusals -= 1;
    }
  }
}

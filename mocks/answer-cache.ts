/**
 * The serialised answers of the mock's reads, kept until the data changes. A read answers the same bytes for the
 * same URL as long as the store's version is the same, so serialising a page again (and encoding it as UTF-8, the
 * names are Vietnamese) on every call is work for nothing; any change, reset or reseed gives a new version, which
 * empties the cache at its next use. A class because it owns lasting state: the entries and their version.
 */
export class AnswerCache {
  private version = -1;
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  /** The bounds of its memory: a full cache starts over rather than tracking which entries are old. */
  constructor(private readonly limits: { entries: number; bytes: number } = { entries: 1000, bytes: 16 * 1024 * 1024 }) {}

  /** The answer kept for this URL at this version of the data, if any. */
  get(url: string, version: number): Buffer | undefined {
    if (version !== this.version) {
      this.clear();
      this.version = version;
      return undefined;
    }
    return this.entries.get(url);
  }

  /** Keeps an answer worked out at `version`; one worked out while the data changed is not kept. */
  set(url: string, version: number, answer: Buffer): void {
    if (version !== this.version || answer.length > this.limits.bytes || this.entries.has(url)) return;
    if (this.entries.size >= this.limits.entries || this.bytes + answer.length > this.limits.bytes) this.clear();
    this.entries.set(url, answer);
    this.bytes += answer.length;
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

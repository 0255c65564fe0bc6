/**
 * Chunks of a file's text kept for what stands in them (a deferring token store's tokens, a gold
 * file's sentences), up to a limit of characters, as each keeps its chunk in memory.
 *
 * A chunk is told by its reader's number, not by comparing strings: two chunks of equal text
 * (an input that repeats itself) would be compared character by character on every call.
 */
export class KeptTexts {
  readonly texts: string[] = [];
  private lastNo = -1;
  private chars = 0;

  constructor(private readonly limit: number) {}

  /**
   * The index among the kept texts of `text`, the reader's chunk number `no` (the last one kept,
   * or now kept when the limit allows it); -1 when it is not kept.
   */
  keep(text: string, no: number): number {
    if (no === this.lastNo && this.texts.length > 0) return this.texts.length - 1;
    if (this.chars + text.length > this.limit) return -1;
    this.texts.push(text);
    this.lastNo = no;
    this.chars += text.length;
    return this.texts.length - 1;
  }
}

/** Keeps the last `limit` characters of a stream of text (the tail of a server's stderr). */
export class TextTail {
  private text = '';

  constructor(private readonly limit: number) {}

  append(chunk: string): void {
    const joined = this.text + chunk;
    this.text = joined.length > this.limit ? joined.slice(joined.length - this.limit) : joined;
  }

  toString(): string {
    return this.text;
  }
}

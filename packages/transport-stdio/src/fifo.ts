/** A first-in first-out queue with O(1) `shift` (Array#shift copies, which is quadratic on long queues). */
export class Fifo<T> {
  #items: (T | undefined)[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  /** Removes and returns the newest item: undoes the `push` just made (never called on an empty queue). */
  pop(): T | undefined {
    return this.#items.pop();
  }

  /** The oldest item, left in place. */
  peek(): T | undefined {
    return this.#head < this.#items.length ? this.#items[this.#head] : undefined;
  }

  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    this.#items[this.#head] = undefined; // let it be collected
    this.#head++;
    // Drop the consumed prefix once it is most of the array, keeping shifts amortised O(1).
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  /** Removes and returns every item, oldest first. */
  drain(): T[] {
    const rest = this.#items.slice(this.#head) as T[];
    this.#items = [];
    this.#head = 0;
    return rest;
  }
}

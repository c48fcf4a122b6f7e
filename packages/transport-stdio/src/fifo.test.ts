import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo.js';

describe('Fifo', () => {
  it('keeps order across compactions and drains the rest', () => {
    const fifo = new Fifo<number>();
    const out: number[] = [];
    for (let index = 0; index < 5000; index++) {
      fifo.push(index);
      if (index % 3 === 0) out.push(fifo.shift()!);
    }
    while (fifo.length > 1000) out.push(fifo.shift()!);
    const rest = fifo.drain();
    expect([...out, ...rest]).toEqual(Array.from({ length: 5000 }, (_, index) => index));
    expect(fifo.length).toBe(0);
    expect(fifo.shift()).toBeUndefined();
  });
});

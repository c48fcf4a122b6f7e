import { describe, expect, it } from 'vitest';
import { delay } from './delay.js';

describe('delay', () => {
  it('resolves after the time has passed', async () => {
    const started = performance.now();
    await delay(20, new AbortController().signal);
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
  });

  it('rejects with the reason as soon as the signal aborts, and at once when it already has', async () => {
    const controller = new AbortController();
    const waiting = delay(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    await expect(delay(60_000, controller.signal)).rejects.toThrow('stop');
  });
});

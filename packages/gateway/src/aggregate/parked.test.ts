import type { HandlerContext } from '@mcpkit/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARK_TIMEOUT_MS, ParkedCall } from './parked.js';

class InputRequiredSignal extends Error {
  override readonly name = 'InputRequiredSignal';
}

/** A round's context: answers from `answers` by key, else asks (throws as the server's stateless path does). */
function round(answers: Record<string, unknown>): HandlerContext {
  return {
    elicit: async (_message: string, _schema: unknown, options?: { key?: string }) => {
      const answer = answers[options?.key ?? ''];
      if (answer === undefined) throw new InputRequiredSignal(`needs ${options?.key}`);
      return answer;
    },
  } as unknown as HandlerContext;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ParkedCall', () => {
  it('keeps the upstream call across rounds and answers its question from the round that carries it', async () => {
    let ended = 0;
    const parked = new ParkedCall<string>(round({}), () => void ended++);
    parked.start(async () => {
      const answer = (await parked.elicit('name?', {})) as unknown as { content: { who: string } };
      return `hello ${answer.content.who}`;
    });
    await expect(parked.round(round({}))).rejects.toThrow('needs gateway-1');
    await expect(
      parked.round(round({ 'gateway-1': { action: 'accept', content: { who: 'Al' } } })),
    ).resolves.toBe('hello Al');
    expect(ended).toBe(1);
  });

  it('gives the upstream call up when no round comes back in time', async () => {
    vi.useFakeTimers();
    const parked = new ParkedCall<string>(round({}), () => undefined);
    let aborted: unknown;
    parked.start(async (signal) => {
      signal.addEventListener('abort', () => {
        aborted = signal.reason;
      });
      await parked.elicit('name?', {});
      return 'answered';
    });
    await expect(parked.round(round({}))).rejects.toThrow('needs gateway-1');
    await vi.advanceTimersByTimeAsync(PARK_TIMEOUT_MS - 1);
    expect(aborted).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(String(aborted)).toMatch(/did not answer within 300000 ms/);
  });
});

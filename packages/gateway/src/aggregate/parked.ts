import type { HandlerContext } from '@mcpkit/server';

/** What an upstream's questions and log messages are passed to: a running call's context, or a parked call. */
export type Asker = Pick<
  HandlerContext,
  'elicit' | 'elicitUrl' | 'sample' | 'listRoots' | 'log' | 'progress'
>;

/** Asks the current client request the question, under `key` (its retry answers under the same key). */
type Ask = (ctx: HandlerContext, key: string) => Promise<unknown>;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Question {
  ask: Ask;
  key: string;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/** How long a parked call waits for the client's retry before it is given up (5 minutes). */
export const PARK_TIMEOUT_MS = 300_000;

/**
 * A call to an upstream made for a 2026-07-28 client, kept across that client's retries. Such a
 * client is asked questions by `input_required` results and answers by sending the same request
 * again: the gateway's handler runs once per round. The upstream's call (a 2025 session, which asks
 * by real requests) must outlive each round, so it is parked here, found again by the request's
 * signature (tool, arguments, principal), and each question it asks waits for the round that
 * carries the answer.
 */
export class ParkedCall<T> implements Asker {
  readonly abort = new AbortController();
  ctx: HandlerContext;
  #question: Question | undefined;
  #outcome: Outcome<T> | undefined;
  #wake: (() => void) | undefined;
  #count = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #onend: () => void;

  constructor(ctx: HandlerContext, onend: () => void) {
    this.ctx = ctx;
    this.#onend = onend;
  }

  /** Starts the upstream call. */
  start(call: (signal: AbortSignal) => Promise<T>): void {
    call(this.abort.signal).then(
      (value) => this.#finish({ ok: true, value }),
      (error: unknown) => this.#finish({ ok: false, error }),
    );
  }

  /**
   * Serves one round of the client's request: answers the pending question from it (or asks it, which
   * ends the round with `input_required`), then waits for the next question or the outcome.
   */
  async round(ctx: HandlerContext): Promise<T> {
    this.ctx = ctx;
    this.#pause();
    for (;;) {
      const question = this.#question;
      if (question !== undefined) {
        // Throws InputRequiredSignal when this round does not carry the answer yet: the call stays parked.
        const answer = await question.ask(ctx, question.key).catch((error: unknown) => {
          if ((error as Error).name !== 'InputRequiredSignal') question.reject(error as Error);
          if ((error as Error).name === 'InputRequiredSignal') this.#park();
          throw error;
        });
        this.#question = undefined;
        question.resolve(answer);
      }
      if (this.#outcome === undefined && this.#question === undefined) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
      const outcome = this.#outcome;
      if (outcome === undefined || this.#question !== undefined) continue;
      if (outcome.ok) return outcome.value;
      throw outcome.error;
    }
  }

  #park(): void {
    this.#timer = setTimeout(() => {
      this.abort.abort(new Error(`the client did not answer within ${PARK_TIMEOUT_MS} ms`));
      this.#question?.reject(new Error('the client did not answer'));
    }, PARK_TIMEOUT_MS);
    this.#timer.unref?.();
  }

  #pause(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #finish(outcome: Outcome<T>): void {
    this.#outcome = outcome;
    this.#pause();
    this.#onend();
    this.#wake?.();
  }

  #queue(ask: Ask): Promise<never> {
    return new Promise((resolve, reject) => {
      const kind = ++this.#count;
      this.#question = { ask, key: `gateway-${kind}`, resolve: resolve as (answer: unknown) => void, reject };
      this.#wake?.();
    });
  }

  elicit: Asker['elicit'] = (message, schema, options) =>
    this.#queue((ctx, key) => ctx.elicit(message, schema, { ...options, key }));

  elicitUrl: Asker['elicitUrl'] = (message, url, options) =>
    this.#queue((ctx, key) => ctx.elicitUrl(message, url, { ...options, key }));

  sample: Asker['sample'] = (params, options) =>
    this.#queue((ctx, key) => ctx.sample(params, { ...options, key }));

  listRoots: Asker['listRoots'] = (options) => this.#queue((ctx, key) => ctx.listRoots({ ...options, key }));

  get log(): Asker['log'] {
    return this.ctx.log;
  }

  progress: Asker['progress'] = (progress, total, message) => this.ctx.progress(progress, total, message);
}

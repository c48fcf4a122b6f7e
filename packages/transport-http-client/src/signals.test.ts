import { afterEach, describe, expect, it } from 'vitest';
import { recordedTransport } from '../test/harness.js';
import { json, result, startServer, type TestServer } from '../test/http-server.js';
import { LazyAbortController } from './signals.js';

describe('LazyAbortController', () => {
  it('hands out a signal that already carries an abort that came before it was read', () => {
    const controller = new LazyAbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    controller.abort(new Error('a second abort changes nothing'));
    expect(controller.aborted).toBe(true);
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe(reason);
  });

  it('aborts a signal read earlier, and calls each listener still registered once', () => {
    const controller = new LazyAbortController();
    const signal = controller.signal;
    const calls: string[] = [];
    const removed = () => calls.push('removed');
    controller.addEventListener('abort', () => calls.push('kept'));
    controller.addEventListener('abort', removed);
    controller.removeEventListener('abort', removed);
    controller.abort();
    controller.abort();
    expect(calls).toEqual(['kept']);
    expect(signal.aborted).toBe(true);
    // As AbortController: an abort without a reason is an AbortError.
    expect(controller.reason).toMatchObject({ name: 'AbortError' });
    expect(signal.reason).toBe(controller.reason);
  });
});

describe('aborts on the Node path', () => {
  let server: TestServer | undefined;
  const realAbortController = globalThis.AbortController;
  afterEach(async () => {
    globalThis.AbortController = realAbortController;
    await server?.close();
    server = undefined;
  });

  it('builds no AbortController per POST (each costs an EventTarget on Node)', async () => {
    server = await startServer((_req, res, recorded) => {
      json(res, result((recorded.json as { id: number }).id, {}));
    });
    let built = 0;
    globalThis.AbortController = class extends realAbortController {
      constructor() {
        super();
        built++;
      }
    };
    const { transport, messages } = await recordedTransport(server.url, undefined, {
      standaloneStream: false,
    });
    // The first request loads undici, which may build a controller of its own once.
    await transport.send({ jsonrpc: '2.0', id: 0, method: 'ping' });
    const before = built;
    for (let id = 1; id <= 20; id++) await transport.send({ jsonrpc: '2.0', id, method: 'ping' });
    expect(messages).toHaveLength(21);
    expect(built - before).toBe(0);
    await transport.close();
  });
});

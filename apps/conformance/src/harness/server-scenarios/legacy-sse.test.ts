import { createStreamableHttpHandler } from '@mcpkit/transport-http-server';
import { serve } from '@mcpkit/transport-http-server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureServer } from '../../fixtures/server/create-server.js';
import { runServerMode } from './run-server-mode.js';

// Server mode against the 2024-11-05 HTTP+SSE transport: found by probing, checked at every
// stateful revision the server accepts over it, never at 2026-07-28.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('server mode over the legacy HTTP+SSE transport', () => {
  it('detects the transport at /sse and runs the feature scenarios over it', {
    timeout: 60_000,
  }, async () => {
    const server = await createFixtureServer();
    const handler = createStreamableHttpHandler({
      onSession: (transport) => server.connect(transport),
      legacySse: {},
    });
    const served = await serve(handler, { port: 0, host: '127.0.0.1' });
    closers.push(served.close);
    const results = await runServerMode({
      url: new URL('/sse', served.url).href,
      revisions: ['2024-11-05', '2025-11-25', '2026-07-28'],
    });
    const failed = results.filter((r) => r.verdict === 'fail');
    expect(failed, JSON.stringify(failed, null, 1)).toEqual([]);
    const passed = results.filter((r) => r.verdict === 'pass').map((r) => `${r.scenario}@${r.revision}`);
    expect(passed).toEqual(
      expect.arrayContaining([
        'tools-call@2024-11-05',
        'round-trip-sampling@2024-11-05',
        'schema-valid@2025-11-25',
      ]),
    );
    expect(results.some((r) => r.revision === '2026-07-28')).toBe(false);
    expect(results.some((r) => r.scenario.startsWith('http-'))).toBe(false);
  });
});

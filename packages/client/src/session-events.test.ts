import { describe, expect, it } from 'vitest';
import type { ClientSessionEvent } from './session-events.js';
import { createClient, FULL_CAPABILITIES, startFakeServer } from './test-helpers/fake-server.js';

const SERVER_INFO = { name: 'fake-server', version: '1.0.0' };

describe('McpClient.onSession', () => {
  it('tells when a stateful session opens and when close() ends it, with its id, revision and server', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2025-11-25' });
    const events: ClientSessionEvent[] = [];
    const unsubscribe = client.onSession((event) => events.push(event));
    await startFakeServer(serverTransport);
    clientTransport.sessionId = 'session-1';
    await client.connect(clientTransport);
    expect(events).toEqual([
      { type: 'open', sessionId: 'session-1', protocolVersion: '2025-11-25', serverInfo: SERVER_INFO },
    ]);
    await client.close();
    expect(events[1]).toEqual({
      type: 'close',
      sessionId: 'session-1',
      protocolVersion: '2025-11-25',
      serverInfo: SERVER_INFO,
    });
    unsubscribe();
  });

  it('stops calling a listener once unsubscribed', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2025-11-25' });
    const events: string[] = [];
    const unsubscribe = client.onSession((event) => events.push(event.type));
    await startFakeServer(serverTransport);
    await client.connect(clientTransport);
    unsubscribe();
    await client.close();
    expect(events).toEqual(['open']);
  });

  it('closes with the reason when the transport fails, and reports a throwing listener without stopping the others', async () => {
    const errors: Error[] = [];
    const { client, clientTransport, serverTransport } = createClient({
      protocolVersion: '2025-11-25',
      onerror: (error) => errors.push(error),
    });
    const events: ClientSessionEvent[] = [];
    client.onSession(() => {
      throw new Error('exporter down');
    });
    client.onSession((event) => events.push(event));
    await startFakeServer(serverTransport);
    await client.connect(clientTransport);
    const reason = new Error('server process exited with code 1');
    clientTransport.onclose?.(reason);
    expect(events.map((event) => event.type)).toEqual(['open', 'close']);
    expect(events[1]?.error).toBe(reason);
    expect(errors.map((error) => error.message)).toEqual([
      'A session open listener failed: exporter down',
      'A session close listener failed: exporter down',
    ]);
  });

  it('closes the expired session and opens the new one when a 404 renews it', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2025-11-25' });
    const events: ClientSessionEvent[] = [];
    client.onSession((event) => events.push(event));
    await startFakeServer(serverTransport, { handlers: { 'tools/call': () => ({ content: [] }) } });
    clientTransport.sessionId = 'old';
    await client.connect(clientTransport);
    const expired = Object.assign(new Error('HTTP 404: session expired'), { code: 'SESSION_EXPIRED' });
    const send = clientTransport.send.bind(clientTransport);
    clientTransport.send = (message, options) => {
      if ('method' in message && message.method === 'tools/call' && clientTransport.sessionId === 'old') {
        clientTransport.sessionId = 'new'; // as the HTTP transport forgets the old id on a 404
        return Promise.reject(expired);
      }
      return send(message, options);
    };
    await client.callTool({ name: 't' });
    expect(events.map((event) => [event.type, event.sessionId, event.error])).toEqual([
      ['open', 'old', undefined],
      ['close', 'old', expired],
      ['open', 'new', undefined],
    ]);
  });

  it('sends nothing for a 2026-07-28 connection, which has no session', async () => {
    const { client, clientTransport, serverTransport } = createClient({ protocolVersion: '2026-07-28' });
    const events: ClientSessionEvent[] = [];
    client.onSession((event) => events.push(event));
    await startFakeServer(serverTransport, {
      handlers: {
        'server/discover': () => ({
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: FULL_CAPABILITIES,
        }),
      },
    });
    await client.connect(clientTransport);
    expect(client.protocolMode).toBe('stateless');
    await client.close();
    expect(events).toEqual([]);
  });
});

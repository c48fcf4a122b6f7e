// linkChanges on its own, with a stand-in server and the in-memory bus (the Redis tests in
// store-redis run it between handlers and processes).
import { describe, expect, it } from 'vitest';
import {
  CHANGES_CHANNEL,
  type ChangeEvent,
  type ChangeSession,
  type ChangeSource,
  type LocalSession,
  linkChanges,
} from './broadcast-changes.js';
import { InMemoryMessageBus } from './stores/memory-message-bus.js';
import { InMemorySessionStore } from './stores/memory-session-store.js';
import type { MessageBus } from './stores/types.js';

/** A server that records which sessions each change was delivered to. */
class StandIn implements ChangeSource {
  readonly sessions: ChangeSession[] = [
    { sessionId: 'held' },
    { sessionId: 'copy' },
    { sessionId: undefined },
  ];
  readonly delivered: Array<{ event: ChangeEvent; to: Array<string | undefined> }> = [];

  changed(event: ChangeEvent, sessions: Iterable<ChangeSession> = this.sessions): void {
    this.delivered.push({ event, to: [...sessions].map((session) => session.sessionId) });
  }
}

const LOCAL: Record<string, LocalSession> = {
  held: { holdsStandaloneStream: true },
  copy: { holdsStandaloneStream: false },
};

function link(server: ChangeSource, bus: MessageBus, errors: Error[], instanceId = 'A') {
  return linkChanges({
    server,
    bus,
    sessionStore: new InMemorySessionStore(),
    instanceId,
    local: (id) => LOCAL[id],
    onerror: (error) => errors.push(error),
  });
}

const updated: ChangeEvent = { type: 'resource_updated', uri: 'note://1' };

describe('linkChanges', () => {
  it('sends a raised change through the bus to every linked server, each to the sessions whose streams it holds', async () => {
    const bus = new InMemoryMessageBus();
    const [a, b] = [new StandIn(), new StandIn()];
    const errors: Error[] = [];
    const links = [link(a, bus, errors, 'A'), link(b, bus, errors, 'B')];
    a.changed(updated);
    a.changed({ type: 'list_changed', list: 'tools' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const server of [a, b]) {
      expect(server.delivered).toEqual([
        { event: updated, to: ['held', undefined] },
        { event: { type: 'list_changed', list: 'tools' }, to: ['held', undefined] },
      ]);
    }
    // Given sessions, the change goes to them only, without the bus.
    a.changed(updated, [{ sessionId: 'copy' }]);
    expect(a.delivered.at(-1)).toEqual({ event: updated, to: ['copy'] });
    expect(b.delivered).toHaveLength(2);
    for (const made of links) made.stop();
    expect(errors).toEqual([]);
  });

  it('delivers here and reports when the bus refuses the change', async () => {
    const server = new StandIn();
    const errors: Error[] = [];
    const failing: MessageBus = {
      publish: () => Promise.reject(new Error('Redis is down')),
      subscribe: () => () => undefined,
    };
    const made = link(server, failing, errors);
    server.changed(updated);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.delivered).toEqual([{ event: updated, to: ['held', undefined] }]);
    expect(errors.map((error) => error.message)).toEqual([
      'broadcastChanges: publishing notifications/resources/updated failed: Redis is down',
    ]);
    made.stop();
  });

  it('gives the server its own changed back on stop, and refuses a second link of one server', () => {
    const server = new StandIn();
    const own = server.changed;
    const made = link(server, new InMemoryMessageBus(), []);
    expect(server.changed).not.toBe(own);
    expect(() => link(server, new InMemoryMessageBus(), [])).toThrow(/already linked/);
    made.stop();
    expect(server.changed).toBe(own);
  });

  it('reports a message on the channel that is no change, and ignores it', async () => {
    const bus = new InMemoryMessageBus();
    const server = new StandIn();
    const errors: Error[] = [];
    const made = link(server, bus, errors);
    await bus.publish(CHANGES_CHANNEL, {
      message: { jsonrpc: '2.0', method: 'tools/call', id: 1 },
      from: 'X',
    });
    await bus.publish(CHANGES_CHANNEL, {
      message: { jsonrpc: '2.0', method: 'notifications/elsewhere/list_changed' },
      from: 'X',
    });
    expect(server.delivered).toEqual([]);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(
        /^broadcastChanges: ignored a message on cluster:changes that is no change: .*tools\/call/,
      ),
      expect.stringMatching(/elsewhere/),
    ]);
    made.stop();
  });
});

// McpServer.changed: the one point every change passes, which a cluster link wraps.
import { describe, expect, it } from 'vitest';
import type { ServerEvent } from './core/core.js';
import { McpServer } from './server.js';
import { connect, settle } from './test-helpers/harness.js';

function notesServer() {
  const server = new McpServer(
    { name: 't', version: '1' },
    { capabilities: { resources: { subscribe: true } } },
  );
  server.resource('note://1', { name: 'note' }, () => 'x');
  server.tool('a', {}, () => '');
  return server;
}

describe('McpServer.changed', () => {
  it('receives every change raised (resource updates, coalesced list changes) in order', async () => {
    const server = notesServer();
    const seen: ServerEvent[] = [];
    // What broadcastChanges does: replace it on the instance.
    server.changed = (event) => void seen.push(event);
    await connect(server);
    server.notifyResourceUpdated('note://1');
    server.tool('b', {}, () => '');
    server.tool('c', {}, () => '');
    server.notifyListChanged('tools');
    await settle();
    expect(seen).toEqual([
      { type: 'resource_updated', uri: 'note://1' },
      { type: 'list_changed', list: 'tools' },
    ]);
  });

  it('delivers to the sessions given (subscribed ones for an update) and to every listener', async () => {
    const server = notesServer();
    const [one, two] = [await connect(server), await connect(server)];
    for (const harness of [one, two]) await harness.request('resources/subscribe', { uri: 'note://1' });
    const heard: ServerEvent[] = [];
    server.listen((event) => void heard.push(event));
    const [first, second] = [...server.sessions];
    server.changed({ type: 'resource_updated', uri: 'note://1' }, [second!]);
    server.changed({ type: 'resource_updated', uri: 'note://other' }, [first!, second!]);
    server.changed({ type: 'list_changed', list: 'tools' }, []);
    await settle();
    expect(one.notifications).toEqual([]);
    expect(two.notifications).toEqual([
      { method: 'notifications/resources/updated', params: { uri: 'note://1' } },
    ]);
    expect(heard).toEqual([
      { type: 'resource_updated', uri: 'note://1' },
      { type: 'resource_updated', uri: 'note://other' },
      { type: 'list_changed', list: 'tools' },
    ]);
  });

  it('sends a list change again when the list changes while its notification goes out', async () => {
    const server = notesServer();
    const harness = await connect(server);
    let again = true;
    server.listen((event) => {
      if (event.type === 'list_changed' && again) {
        again = false;
        server.tool('during', {}, () => '');
      }
    });
    server.tool('b', {}, () => '');
    await settle();
    await settle();
    expect(harness.notifications.map((n) => n.method)).toEqual([
      'notifications/tools/list_changed',
      'notifications/tools/list_changed',
    ]);
  });
});

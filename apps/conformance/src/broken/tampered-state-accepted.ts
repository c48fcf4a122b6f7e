// Broken on purpose: a 2026-07-28 requestState is read without checking its signature, so a
// tampered state is accepted.
import { RequestStateCodec } from '@mcpkit/server/request-state';
import { BASELINE_STATE_SECRET } from './kit/base-server.js';
import { runBrokenServer } from './kit/run-server.js';

class UncheckedStateCodec extends RequestStateCodec {
  override async open(state: string): Promise<Record<string, never>> {
    // Whatever the client sent back is taken at its word: no signature check, no answers kept.
    void state;
    return {};
  }
}

await runBrokenServer({
  defaultTransport: 'http',
  adjustServer: (server) => {
    Object.defineProperty(server, 'requestState', {
      value: new UncheckedStateCodec({ secret: BASELINE_STATE_SECRET }),
    });
  },
});

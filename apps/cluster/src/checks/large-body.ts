import { connectClient } from '../client.js';
import { type Check, expect } from './types.js';

const BYTES = 2 * 1024 * 1024;

/**
 * (f) A 2 MiB call and its 2 MiB answer pass through nginx: its default body limit (1 MiB) would
 * refuse the call with 413 unless the configuration raises it to the servers' own limit (4 MiB).
 */
export const largeBody: Check = {
  name: 'large-body',
  description: 'a 2 MiB request and answer pass through nginx',
  async run({ topology }) {
    const client = await connectClient(topology.url);
    try {
      const text = 'x'.repeat(BYTES);
      const echoed = await client.call('echo', { text });
      expect(echoed === text, `echo of ${BYTES} bytes answered ${echoed.length} bytes`);
      return `${BYTES} bytes each way`;
    } finally {
      await client.close();
    }
  },
};

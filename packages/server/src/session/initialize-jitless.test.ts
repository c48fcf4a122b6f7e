import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';

// zod compiles a fast path (`new Function`) for an object schema on its first parse. `initialize`
// is parsed once per session, so compiling one for it only costs: startup waits on it. This file
// holds only this test so that no earlier parse has compiled the schemas already.

describe('initialize params check', () => {
  it('compiles no zod fast path', async () => {
    // zod probes once whether `new Function` is allowed; let that happen before counting.
    z.object({ warm: z.string() }).parse({ warm: 'up' });
    const { request } = await connect(new McpServer({ name: 'srv', version: '1' }), { initialize: false });

    const realFunction = globalThis.Function;
    let compiled = 0;
    globalThis.Function = new Proxy(realFunction, {
      construct: (target, args, newTarget) => {
        compiled++;
        return Reflect.construct(target, args, newTarget);
      },
    });
    let result: { protocolVersion?: unknown };
    try {
      result = await request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: { roots: { listChanged: true }, sampling: {} },
        clientInfo: { name: 'c', version: '1' },
      });
    } finally {
      globalThis.Function = realFunction;
    }
    expect(result.protocolVersion).toBe('2025-11-25');
    expect(compiled).toBe(0);
  });
});

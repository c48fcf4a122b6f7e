import type { AuthInfo, JsonRpcError } from '@mcpkit/jsonrpc';
import type { JSONObject } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../server.js';
import { connect } from '../test-helpers/harness.js';
import { RequestStateCodec } from './request-state.js';

// MCP 2026-07-28, basic/patterns/mrtr.mdx, server requirements: "To prevent replay, servers
// SHOULD include the following inside the integrity-protected `requestState` payload and verify
// each on receipt:
//   - the authenticated principal, rejecting state presented by a different principal.
//   - a short expiry (TTL), rejecting state presented after it lapses;
//   - an identifier for the originating request, e.g. the method name and a digest of its salient
//     parameters, rejecting state presented on a request that does not match."

const SECRET = 'a test secret of at least 32 bytes!';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};
const YES = { confirm: { action: 'accept', content: { ok: true } } };
const ALICE: AuthInfo = { token: 't1', clientId: 'app', scopes: [], subject: 'alice' };
const BOB: AuthInfo = { token: 't2', clientId: 'app', scopes: [], subject: 'bob' };

function fileServer(codec: RequestStateCodec) {
  const server = new McpServer(
    { name: 't', version: '1' },
    { protocolVersions: ['2026-07-28'], requestState: codec },
  );
  const deleteFile = async (
    { path }: { path: string },
    ctx: Parameters<Parameters<typeof server.tool>[2]>[1],
  ) => {
    const answer = await ctx.elicit(`Delete ${path}?`, { ok: z.boolean() }, { key: 'confirm' });
    return answer.action === 'accept' && answer.content.ok ? `deleted ${path}` : 'kept';
  };
  server.tool(
    'delete_file',
    { inputSchema: { path: z.string(), force: z.boolean().optional() } },
    deleteFile,
  );
  server.tool('rename_file', { inputSchema: { path: z.string() } }, deleteFile);
  server.prompt('delete_prompt', { arguments: [{ name: 'path' }] }, async ({ path }, ctx) => {
    await ctx.elicit(`Delete ${path}?`, { ok: z.boolean() }, { key: 'confirm' });
    return `prompt ${path}`;
  });
  return server;
}

/** Round 1 of a delete: the input_required result's requestState. */
async function askToDelete(h: Awaited<ReturnType<typeof connect>>, path: string): Promise<string> {
  const round1 = await h.request('tools/call', { name: 'delete_file', arguments: { path }, _meta: META });
  expect(round1.resultType).toBe('input_required');
  return round1.requestState as string;
}

async function refusal(promise: Promise<JSONObject>): Promise<JsonRpcError> {
  const outcome = await promise.then(
    (result) => ({ result }),
    (error: JsonRpcError) => error,
  );
  if ('result' in outcome) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.result)}`);
  expect(outcome.code).toBe(-32602);
  return outcome;
}

describe('requestState bound to its request, principal and expiry', () => {
  it('an answer to "Delete fileA?" does not complete a call deleting fileB (-32602 naming the arguments)', async () => {
    const h = await connect(fileServer(new RequestStateCodec({ secret: SECRET })), { initialize: false });
    const state = await askToDelete(h, 'fileA');
    const attack = await refusal(
      h.request('tools/call', {
        name: 'delete_file',
        arguments: { path: 'fileB' },
        _meta: META,
        requestState: state,
        inputResponses: YES,
      }),
    );
    expect(attack.message).toBe(
      "Invalid requestState: issued for tools/call 'delete_file' with other params (arguments): a state answers only the request it was issued for",
    );
    // An argument added on the retry is another request too.
    await refusal(
      h.request('tools/call', {
        name: 'delete_file',
        arguments: { path: 'fileA', force: true },
        _meta: META,
        requestState: state,
        inputResponses: YES,
      }),
    );
    // The genuine retry (its arguments in another key order) completes.
    const retry = await h.request('tools/call', {
      arguments: { path: 'fileA' },
      requestState: state,
      inputResponses: YES,
      name: 'delete_file',
      _meta: META,
    });
    expect(retry.content).toEqual([{ type: 'text', text: 'deleted fileA' }]);
  });

  it('refuses a state presented on another tool or another method, naming both', async () => {
    const h = await connect(fileServer(new RequestStateCodec({ secret: SECRET })), { initialize: false });
    const state = await askToDelete(h, 'fileA');
    const otherTool = await refusal(
      h.request('tools/call', {
        name: 'rename_file',
        arguments: { path: 'fileA' },
        _meta: META,
        requestState: state,
        inputResponses: YES,
      }),
    );
    expect(otherTool.message).toBe(
      "Invalid requestState: issued for tools/call 'delete_file', presented on tools/call 'rename_file'",
    );
    const otherMethod = await refusal(
      h.request('prompts/get', {
        name: 'delete_prompt',
        arguments: { path: 'fileA' },
        _meta: META,
        requestState: state,
        inputResponses: YES,
      }),
    );
    expect(otherMethod.message).toBe(
      "Invalid requestState: issued for tools/call 'delete_file', presented on prompts/get 'delete_prompt'",
    );
  });

  it('refuses a state replayed by another principal, or without the authentication it was issued under', async () => {
    const codec = new RequestStateCodec({ secret: SECRET });
    const alice = await connect(fileServer(codec), { initialize: false, authInfo: ALICE });
    const bob = await connect(fileServer(codec), { initialize: false, authInfo: BOB });
    const anonymous = await connect(fileServer(codec), { initialize: false });
    const state = await askToDelete(alice, 'fileA');
    const retry = {
      name: 'delete_file',
      arguments: { path: 'fileA' },
      _meta: META,
      requestState: state,
      inputResponses: YES,
    };

    const replayed = await refusal(bob.request('tools/call', retry));
    expect(replayed.message).toBe(
      'Invalid requestState: issued to another principal (client id and subject differ)',
    );
    const unauthenticated = await refusal(anonymous.request('tools/call', retry));
    expect(unauthenticated.message).toBe(
      'Invalid requestState: issued to an authenticated principal, presented without authentication',
    );
    const anonymousState = await askToDelete(anonymous, 'fileA');
    const claimed = await refusal(alice.request('tools/call', { ...retry, requestState: anonymousState }));
    expect(claimed.message).toBe(
      'Invalid requestState: issued to an unauthenticated caller, presented by an authenticated one',
    );

    const own = await alice.request('tools/call', retry);
    expect(own.content).toEqual([{ type: 'text', text: 'deleted fileA' }]);
  });

  it('refuses a state presented after its expiry (default 10 minutes; injected clock)', async () => {
    let clock = Date.UTC(2026, 6, 28, 12, 0, 0);
    const codec = new RequestStateCodec({ secret: SECRET, now: () => clock });
    expect(codec.ttlMs).toBe(600_000);
    const h = await connect(fileServer(codec), { initialize: false });
    const state = await askToDelete(h, 'fileA');
    const retry = {
      name: 'delete_file',
      arguments: { path: 'fileA' },
      _meta: META,
      requestState: state,
      inputResponses: YES,
    };

    clock += 600_000; // exactly at the expiry: still accepted
    expect((await h.request('tools/call', retry)).content).toEqual([{ type: 'text', text: 'deleted fileA' }]);
    clock += 1;
    const expired = await refusal(h.request('tools/call', retry));
    expect(expired.message).toBe(
      'Invalid requestState: expired at 2026-07-28T12:10:00.000Z (a state is accepted for 600000 ms after it was issued): start the request again without it',
    );
  });

  it('takes a shorter ttlMs and refuses a nonsensical one', async () => {
    let clock = 0;
    const codec = new RequestStateCodec({ secret: SECRET, ttlMs: 1000, now: () => clock });
    const binding = { method: 'resources/read', params: { uri: 'file:///a' } };
    const state = await codec.seal({ confirm: { action: 'accept' } }, binding);
    expect(await codec.open(state, binding)).toEqual({ confirm: { action: 'accept' } });
    await expect(
      codec.open(state, { method: 'resources/read', params: { uri: 'file:///b' } }),
    ).rejects.toThrow(
      "Invalid requestState: issued for resources/read 'file:///a', presented on resources/read 'file:///b'",
    );
    clock = 1001;
    await expect(codec.open(state, binding)).rejects.toThrow(
      /^Invalid requestState: expired at 1970-01-01T00:00:01\.000Z/,
    );
    expect(() => new RequestStateCodec({ secret: SECRET, ttlMs: 0 })).toThrow(
      'requestState ttlMs is 0; expected a positive number',
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../types.js';
import { runServerMode } from './run-server-mode.js';
import { type BreakableRule, startFake2026Server } from './test-helpers/fake-2026-server.js';

// The 2026-07-28 rules the referee lacks, checked against a hand-written server that follows
// each rule and against the same server breaking it, never against mcpkit's own server.

const SCENARIOS = [
  'tool-output-any-json',
  'mcp-name-base64',
  'mcp-param-numeric',
  'mrtr-state-bound',
  'deep-schema-refused',
  'input-required-shape',
];
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function run(broken: BreakableRule[] = []): Promise<Map<string, ScenarioResult>> {
  const server = await startFake2026Server(new Set(broken));
  close = server.close;
  const results = await runServerMode({ url: server.url, revisions: ['2026-07-28'], scenarios: SCENARIOS });
  return new Map(results.map((result) => [result.scenario, result]));
}

const failure = (result: ScenarioResult | undefined) =>
  result?.checks
    .filter((check) => check.verdict === 'fail')
    .map((check) => check.detail)
    .join('\n');

describe('2026-07-28 rule checks', () => {
  it('pass a server that follows every rule, each saying what it saw', { timeout: 30_000 }, async () => {
    const results = await run();
    for (const scenario of SCENARIOS)
      expect(results.get(scenario)?.verdict, `${scenario}: ${failure(results.get(scenario))}`).toBe('pass');
    expect(results.get('tool-output-any-json')?.checks[0]?.detail).toBe(
      'list_tags returned structuredContent (array) matching its outputSchema',
    );
    expect(results.get('mcp-name-base64')?.checks[0]?.detail).toBe(
      'resources/read accepted Mcp-Name =?base64?dGVzdDovL2NhZsOpL21lbsO8?=',
    );
    expect(results.get('mcp-param-numeric')?.checks[0]?.detail).toBe(
      'Mcp-Param-Factor: 42.0 accepted for factor: 42',
    );
    expect(results.get('mrtr-state-bound')?.checks[0]?.detail).toBe(
      'confirm_delete: the state replayed with filename changed was refused (-32602)',
    );
    expect(results.get('deep-schema-refused')?.checks[0]?.detail).toBe('tree refused it with -32602');
  });

  it('tool-output-any-json fails structuredContent that does not match a non-object outputSchema', {
    timeout: 30_000,
  }, async () => {
    const results = await run(['output-schema']);
    expect(results.get('tool-output-any-json')?.verdict).toBe('fail');
    expect(failure(results.get('tool-output-any-json'))).toMatch(
      /^list_tags's structuredContent \{"tags":\["a"\]\} does not match its outputSchema \{"type":"array","items":\{"type":"string"\}\}: /,
    );
  });

  it('mcp-name-base64 fails a server that compares the encoded Mcp-Name without decoding it', {
    timeout: 30_000,
  }, async () => {
    const results = await run(['mcp-name-base64']);
    expect(failure(results.get('mcp-name-base64'))).toBe(
      'resources/read with Mcp-Name =?base64?dGVzdDovL2NhZsOpL21lbsO8?= (the Base64 of "test://café/menü") was refused with HTTP 400 ' +
        '{"code":-32020,"message":"Header mismatch: Mcp-Name =?base64?dGVzdDovL2NhZsOpL21lbsO8?= vs test://café/menü"}: the header was compared without decoding',
    );
  });

  it('mcp-param-numeric fails a server that compares 42.0 and 42 as strings', {
    timeout: 30_000,
  }, async () => {
    const results = await run(['mcp-param-numeric']);
    expect(failure(results.get('mcp-param-numeric'))).toMatch(
      /^tools\/call scale with factor: 42 and Mcp-Param-Factor: 42\.0 was refused as a header mismatch: HTTP 400 \{"code":-32020/,
    );
  });

  it('mrtr-state-bound fails a server whose requestState completes a call with other arguments', {
    timeout: 30_000,
  }, async () => {
    const results = await run(['state-unbound']);
    expect(failure(results.get('mrtr-state-bound'))).toMatch(
      /^confirm_delete: the requestState issued for \{"filename":"conformance"\} completed a call with \{"filename":"conformance-replayed-elsewhere"\}: /,
    );
  });

  it('deep-schema-refused fails -32603 for arguments nested too deep', { timeout: 30_000 }, async () => {
    const results = await run(['deep-input']);
    expect(failure(results.get('deep-schema-refused'))).toBe(
      'tools/call tree with root nested 3000 deep was answered -32603 "Internal error: Maximum call stack size exceeded"; ' +
        'expected -32602 (invalid params): the validator failed instead of refusing the input',
    );
  });

  it('input-required-shape fails an input_required result with neither inputRequests nor requestState', {
    timeout: 30_000,
  }, async () => {
    const results = await run(['empty-input-required']);
    expect(failure(results.get('input-required-shape'))).toBe(
      'an input_required result to tools/call carries neither inputRequests nor requestState: {"resultType":"input_required"}',
    );
  });
});

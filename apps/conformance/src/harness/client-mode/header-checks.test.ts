import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClientScenario } from './run-client-mode.js';
import { CLIENT_SCENARIOS } from './scenarios.js';

// Client mode's Mcp-Name check against two hand-written 2026-07-28 clients (plain fetch, no SDK):
// one Base64-encodes the non-ASCII resource URI it reads, one sends it as is.

const FAKE_CLIENT = `
const url = process.argv[2];
const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'fake', version: '0' },
};
let id = 0;
async function call(method, params, name) {
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
  };
  if (name !== undefined) headers['mcp-name'] = name;
  const body = JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: { ...params, _meta: meta } });
  const text = await (await fetch(url, { method: 'POST', headers, body })).text();
  const data = text.split('\\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5)).join('');
  return JSON.parse(data || text);
}
await call('server/discover', {});
const listed = await call('resources/list', {});
const uri = listed.result.resources[0].uri;
const name = process.env.FAKE_ENCODE === '1' ? '=?base64?' + Buffer.from(uri, 'utf8').toString('base64') + '?=' : uri;
await call('resources/read', { uri }, name);
`;

const scenario = CLIENT_SCENARIOS.find((candidate) => candidate.id === 'mcp-name-base64');
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpkit-mcp-name-client-'));
  await writeFile(join(dir, 'client.mjs'), FAKE_CLIENT);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const command = (encode: boolean) =>
  `FAKE_ENCODE=${encode ? 1 : 0} ${JSON.stringify(process.execPath)} ${JSON.stringify(join(dir, 'client.mjs'))}`;

describe('client mode: mcp-name-base64', () => {
  it('passes a client that sends the non-ASCII URI as =?base64?…?=', { timeout: 30_000 }, async () => {
    if (scenario === undefined) throw new Error('no mcp-name-base64 client scenario');
    const result = await runClientScenario(scenario, 'http', command(true));
    expect(result.verdict, JSON.stringify(result.checks)).toBe('pass');
    expect(result.checks.find((check) => check.id === 'mcp-name-base64')?.detail).toBe(
      'Mcp-Name =?base64?dGVzdDovL2NhZsOpL21lbsO8?= decodes to the URI',
    );
  });

  it('fails a client that sends it as is, quoting what it sent', { timeout: 30_000 }, async () => {
    if (scenario === undefined) throw new Error('no mcp-name-base64 client scenario');
    const result = await runClientScenario(scenario, 'http', command(false));
    expect(result.verdict).toBe('fail');
    expect(result.checks.find((check) => check.id === 'mcp-name-base64')?.detail).toBe(
      'resources/read of test://café/menü sent Mcp-Name "test://café/menü" as is; a value outside visible ASCII must be sent as =?base64?…?=',
    );
  });
});

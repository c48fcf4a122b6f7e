import { describe, expect, it } from 'vitest';
import type { HttpMessageExtra } from '../session-transport.js';
import { ADAPTERS, useAdapter } from '../test-helpers/adapters.js';
import { MODERN, modernHarness, modernMeta, modernPost, modernRequest } from '../test-helpers/modern.js';

async function expectMismatch(response: Response, id: number | string | null, says: RegExp): Promise<void> {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32020 } });
  expect(body.error.message).toMatch(says);
}

describe.each(ADAPTERS)('on the %s adapter', (adapter) => {
  useAdapter(adapter);

  describe('SEP-2243 request headers (2026-07-28)', () => {
    it('requires MCP-Protocol-Version and its equality with body _meta', async () => {
      const { handler, requests } = modernHarness();
      const body = modernRequest('tools/list', 1);
      await expectMismatch(
        await handler(modernPost(body, { 'mcp-protocol-version': undefined })),
        1,
        /MCP-Protocol-Version header is required/,
      );
      await expectMismatch(
        await handler(modernPost(body, { 'mcp-protocol-version': '2025-11-25' })),
        1,
        /does not match body _meta/,
      );
      expect(requests).toHaveLength(0);
    });

    it('requires Mcp-Method equal to the body method: names case-insensitive, values exact, whitespace tolerated', async () => {
      const { handler } = modernHarness();
      const body = modernRequest('tools/list', 2);
      await expectMismatch(
        await handler(modernPost(body, { 'mcp-method': undefined })),
        2,
        /Mcp-Method header is required/,
      );
      await expectMismatch(
        await handler(modernPost(body, { 'mcp-method': 'tools/call' })),
        2,
        /does not match body method/,
      );
      await expectMismatch(
        await handler(modernPost(body, { 'mcp-method': 'Tools/List' })),
        2,
        /does not match/,
      );
      const request = modernPost(body, { 'mcp-method': undefined, 'MCP-METHOD': '  tools/list  ' });
      expect((await handler(request)).status).toBe(404); // the fake server has no tools/list: past the checks
    });

    it('requires Mcp-Name equal to params.name or params.uri, decoding Base64 values', async () => {
      const { handler } = modernHarness();
      const call = modernRequest('tools/call', 3, { name: 'get_weather' });
      await expectMismatch(
        await handler(modernPost(call, { 'mcp-name': undefined })),
        3,
        /Mcp-Name header is required/,
      );
      await expectMismatch(
        await handler(modernPost(call, { 'mcp-name': 'other' })),
        3,
        /does not match body params.name/,
      );
      expect((await handler(modernPost(call, { 'mcp-name': '=?base64?Z2V0X3dlYXRoZXI=?=' }))).status).toBe(
        200,
      );
      await expectMismatch(
        await handler(modernPost(call, { 'mcp-name': '=?base64?Z2V0X3dlYXRoZXI?=' })),
        3,
        /padding/,
      );
      const prompt = modernRequest('prompts/get', 4, { name: 'p' });
      await expectMismatch(await handler(modernPost(prompt, { 'mcp-name': 'q' })), 4, /params.name/);
      const read = modernRequest('resources/read', 5, { uri: 'file:///a.txt' });
      await expectMismatch(await handler(modernPost(read, { 'mcp-name': 'file:///b.txt' })), 5, /params.uri/);
      const task = modernRequest('tasks/get', 6, { taskId: 't-1' });
      await expectMismatch(await handler(modernPost(task)), 6, /params.taskId/);
      expect((await handler(modernPost(task, { 'mcp-name': 't-1' }))).status).toBe(404);
    });

    // streamable-http.mdx, "Value Encoding": "servers **MUST** decode an encoded `Mcp-Name` or
    // `Mcp-Param-{Name}` value before comparing it to the corresponding request body value", and
    // "Validation failure conditions include: [...] A header value contains invalid characters."
    it('decodes a Base64 Mcp-Name outside ASCII (file:///srv/café.txt) and refuses raw UTF-8 bytes', async () => {
      const { handler } = modernHarness();
      const read = modernRequest('resources/read', 8, { uri: 'file:///srv/caf\u00e9.txt' });
      const encoded = '=?base64?ZmlsZTovLy9zcnYvY2Fmw6kudHh0?=';
      // The fake server answers every read "not found": an answer from it means the checks passed.
      const passed = await handler(modernPost(read, { 'mcp-name': encoded }));
      expect(await passed.json()).toMatchObject({
        id: 8,
        error: { code: -32602, message: 'Resource not found', data: { uri: 'file:///srv/caf\u00e9.txt' } },
      });
      const call = modernRequest('tools/call', 9, { name: 'm\u00e9t\u00e9o' });
      expect((await handler(modernPost(call, { 'mcp-name': '=?base64?bcOpdMOpbw==?=' }))).status).toBe(200);
      // The UTF-8 bytes of "é" sent unencoded, as node:http hands them over (one latin1 char per byte).
      await expectMismatch(
        await handler(modernPost(read, { 'mcp-name': 'file:///srv/caf\u00c3\u00a9.txt' })),
        8,
        /Mcp-Name header contains characters outside visible ASCII/,
      );
      await expectMismatch(
        await handler(modernPost(read, { 'mcp-name': '=?base64?ZmlsZTovLy9zcnYvY2FmZS50eHQ=?=' })),
        8,
        /Mcp-Name header value "file:\/\/\/srv\/cafe.txt" does not match body params.uri/,
      );
    });

    // streamable-http.mdx, "Server Validation": "Servers that process the request body **MUST** reject
    // requests where the values specified in the headers do not match the corresponding values in
    // the request body." A notification need not carry Mcp-Method, but one it carries must match.
    it('accepts a notification without Mcp-Method but refuses one whose Mcp-Method differs from the body', async () => {
      const { handler } = modernHarness();
      const notification = {
        jsonrpc: '2.0' as const,
        method: 'notifications/cancelled',
        params: { requestId: 1, _meta: modernMeta() },
      };
      expect((await handler(modernPost(notification, { 'mcp-method': undefined }))).status).toBe(202);
      expect((await handler(modernPost(notification))).status).toBe(202);
      await expectMismatch(
        await handler(modernPost(notification, { 'mcp-method': 'tools/call' })),
        null,
        /Mcp-Method header value "tools\/call" does not match body method "notifications\/cancelled"/,
      );
    });

    it('decodes Mcp-Param-* headers onto MessageExtra.mcpParams and refuses bad encodings', async () => {
      const { handler, requests } = modernHarness();
      const call = modernRequest('tools/call', 7, {
        name: 'test_x_mcp_header',
        arguments: { region: 'us-west1' },
      });
      const ok = await handler(
        modernPost(call, {
          'Mcp-Param-Region': 'us-west1',
          'mcp-param-greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
        }),
      );
      expect(ok.status).toBe(200);
      const extra = requests[0]!.extras[0] as HttpMessageExtra;
      expect(extra.mcpParams).toEqual({ region: 'us-west1', greeting: 'Hello, 世界' });
      expect(extra.protocolVersion).toBe(MODERN);
      await expectMismatch(
        await handler(modernPost(call, { 'mcp-param-region': '=?base64?dXMtd2VzdDE?=' })),
        7,
        /mcp-param-region .*padding/,
      );
      await expectMismatch(
        await handler(modernPost(call, { 'mcp-param-region': '=?base64?dXMt*2VzdDE=?=' })),
        7,
        /Base64 alphabet/,
      );
      expect(requests).toHaveLength(1);
    });
  });
});

// The public error classes, as installed (the packages' bundled dist), print under their own names:
// esbuild once emitted `class _JsonRpcError`, and `console.log(error)` showed that name (issue 15).
import { inspect } from 'node:util';
import { OAuthClientError } from '@mcpkit/auth-client';
import { AuthError } from '@mcpkit/auth-server';
import { McpClientError } from '@mcpkit/client';
import { JsonRpcError, McpkitError } from '@mcpkit/jsonrpc';
import { MissingClientCapabilityError, UriTemplateError } from '@mcpkit/server';
import { HttpTransportError } from '@mcpkit/transport-http-client';
import { StdioTransportError } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';

const errors: Array<[string, Error]> = [
  ['JsonRpcError', new JsonRpcError(-32600, 'bad request')],
  ['JsonRpcError', JsonRpcError.invalidParams('bad params')],
  ['McpkitError', new McpkitError('CONNECTION_CLOSED', 'closed')],
  ['McpClientError', new McpClientError('UNSUPPORTED_PROTOCOL_VERSION', 'no version')],
  ['UriTemplateError', new UriTemplateError('bad template')],
  ['HttpTransportError', new HttpTransportError('CLOSED', 'closed')],
  ['OAuthClientError', new OAuthClientError('ISSUER_MISMATCH', 'wrong issuer')],
  ['StdioTransportError', new StdioTransportError('NOT_CONNECTED', 'not connected')],
  ['AuthError', new AuthError('invalid_token', 'the token expired')],
];

describe('public error classes keep their names in the built packages', () => {
  for (const [name, error] of errors) {
    it(`${name}: class name, error.name and util.inspect`, () => {
      expect(error.constructor.name).toBe(name);
      expect(error.name).toBe(name);
      expect(inspect(error).split('\n')[0]).toBe(`${name}: ${error.message}`);
    });
  }

  it('a subclass prints its own class name beside the inherited error name', () => {
    const error = new MissingClientCapabilityError('ctx.sample', { sampling: {} });
    expect(error.constructor.name).toBe('MissingClientCapabilityError');
    expect(inspect(error).split('\n')[0]).toMatch(/^MissingClientCapabilityError \[JsonRpcError\]: /);
  });
});

import { setJsonSchemaValidatorFactory } from '@mcpkit/protocol';
import { jsonSchemaValidator } from '@mcpkit/protocol/json-schema';
import { McpServer, type McpServerOptions } from '@mcpkit/server';
import { RequestStateCodec } from '@mcpkit/server/request-state';
import { inMemoryTasksExtension } from '@mcpkit/server/tasks';
import * as z from 'zod';

/** The secret of the baseline's signed requestState; fixtures are throwaway, so it is fixed. */
export const BASELINE_STATE_SECRET = 'mcpkit-conformance-broken-fixtures-secret';

/**
 * A JSON Schema 2020-12 input schema whose keywords a tools/list must carry verbatim. `$ref`
 * points into `$defs`, so dropping a keyword leaves an observable hole.
 */
export const PRESERVED_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
      required: ['street'],
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
  },
  required: ['name'],
  additionalProperties: false,
} as const;

/**
 * The correct server every broken fixture starts from: tools, one resource, 2026-07-28 with a
 * signed requestState and the tasks extension (no tool runs as a task). It declares nothing else,
 * so a harness finds every other feature "not applicable" and the one broken rule stands alone.
 */
export function createBaselineServer(extra: Pick<McpServerOptions, 'tasksExtension'> = {}): McpServer {
  // Raw JSON Schema tools and elicitation forms below need a validator; the server brings none.
  setJsonSchemaValidatorFactory(jsonSchemaValidator);
  const server = new McpServer(
    { name: 'mcpkit-broken-fixture', version: '0.0.0' },
    {
      protocolVersions: ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
      requestState: new RequestStateCodec({ secret: BASELINE_STATE_SECRET }),
      cacheHints: { ttlMs: 60_000, cacheScope: 'public' },
      tasksExtension: inMemoryTasksExtension(),
      ...extra,
    },
  );
  server.tool(
    'add_numbers',
    {
      description: 'Adds two numbers and returns the sum as text.',
      inputSchema: { a: z.number(), b: z.number() },
    },
    ({ a, b }) => `The sum of ${a} and ${b} is ${a + b}.`,
  );
  server.tool(
    'json_schema_2020_12_tool',
    {
      description: 'Takes an input described by a JSON Schema 2020-12 document.',
      inputSchema: PRESERVED_SCHEMA,
    },
    () => 'Schema accepted.',
  );
  server.tool(
    'test_input_required_result_tampered_state',
    { description: 'Asks for a confirmation through MRTR, carrying a signed requestState.' },
    async (_args, ctx) => {
      const answer = await ctx.elicit('Confirm?', { ok: z.boolean() }, { key: 'confirm' });
      return `state-ok (${answer.action})`;
    },
  );
  server.resource(
    'test://static-text',
    { name: 'static-text', description: 'A static text resource.', mimeType: 'text/plain' },
    () => 'This is the content of the static text resource.',
  );
  return server;
}

import {
  type JSONRPCMessage,
  type ProtocolVersion,
  parseJSONRPCMessage,
  parseNotificationParams,
  parseRequestParams,
  parseResult,
} from '@mcpkit/protocol';
import { cachedList, check, fail, notApplicable, pass, type ServerScenario } from './scenario.js';
import type { JsonObject } from './wire.js';

// Schema rules: tool schemas arrive whole, and every message the server sent matches its revision's schema.

function danglingRefs(schema: unknown, root: unknown = schema): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) {
      let target: unknown = root;
      for (const part of value.slice(2).split('/'))
        target = (target as Record<string, unknown> | undefined)?.[part];
      if (target === undefined) found.push(value);
    } else found.push(...danglingRefs(value, root));
  }
  return found;
}

const schemaPreserved: ServerScenario = {
  id: 'tools-list-schema-preserved',
  description: 'tool input schemas arrive whole: every local $ref resolves inside the schema',
  async run(context) {
    const listed = await cachedList(context, 'tools', 'tools/list', 'tools');
    if (listed === undefined) return [notApplicable('schemas', 'no tools capability')];
    const withRefs = listed.items.filter((tool) => JSON.stringify(tool.inputSchema ?? {}).includes('"$ref"'));
    if (withRefs.length === 0) return [notApplicable('schemas', 'no tool schema uses $ref')];
    const broken = withRefs
      .map((tool) => ({ name: String(tool.name), dangling: danglingRefs(tool.inputSchema) }))
      .filter((entry) => entry.dangling.length > 0);
    return [
      check(
        'refs-resolve',
        broken.length === 0,
        broken.map((entry) => `${entry.name}: $ref ${entry.dangling.join(', ')} points nowhere`).join('; '),
        `${withRefs.length} schema(s) with $ref`,
      ),
    ];
  },
};

function problemOf(
  message: JSONRPCMessage,
  answers: string | undefined,
  revision: ProtocolVersion,
): string | undefined {
  const shape = parseJSONRPCMessage(message);
  if (!shape.success) return shape.error.message;
  if ('method' in message) {
    const params = (message as { params?: JsonObject }).params;
    const parsed =
      'id' in message
        ? parseRequestParams(message.method, params, revision)
        : parseNotificationParams(message.method, params, revision);
    return parsed.success ? undefined : `${message.method}: ${parsed.error.message}`;
  }
  if (answers !== undefined && 'result' in message) {
    const parsed = parseResult(answers, message.result, revision);
    return parsed.success ? undefined : `result of ${answers}: ${parsed.error.message}`;
  }
  return undefined;
}

const schemaValid: ServerScenario = {
  id: 'schema-valid',
  description: "every message the server sent in this run matches the revision's schema",
  async run({ session, revision }) {
    const received = session.wire.received;
    if (received.length === 0) return [notApplicable('schema', 'the server sent nothing')];
    const problems: string[] = [];
    for (const { message, answers } of received) {
      // Errors for requests the harness sent on purpose are checked by their own scenarios.
      if (answers?.startsWith('mcpkit-conformance/')) continue;
      const problem = problemOf(message, answers, revision);
      if (problem !== undefined) problems.push(problem);
    }
    if (problems.length > 0)
      return [
        fail('schema', `${problems.length} of ${received.length} messages invalid; first: ${problems[0]}`),
      ];
    return [pass('schema', `${received.length} messages valid at ${revision}`)];
  },
};

export const SCHEMA_SCENARIOS: readonly ServerScenario[] = [schemaPreserved];
/** Runs last, over everything the revision's session received. */
export const SCHEMA_VALIDITY_SCENARIO: ServerScenario = schemaValid;

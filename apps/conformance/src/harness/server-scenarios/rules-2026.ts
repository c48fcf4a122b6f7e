import { compileJsonSchema } from '@mcpkit/protocol/json-schema';
import type { CheckOutcome } from '../types.js';
import { argumentsFor } from './round-trips.js';
import {
  brief,
  cachedList,
  check,
  errorCodeOf,
  fail,
  notApplicable,
  resultOf,
  type ScenarioContext,
  type ServerScenario,
} from './scenario.js';
import { encodeMcpName } from './session.js';
import type { JsonObject } from './wire.js';
import type { HttpWire } from './wire-http.js';

// 2026-07-28 rules the official referee does not check, run against any server: structured
// output of any JSON type, Base64 Mcp-Name, numeric Mcp-Param, requestState bound to its request,
// and bounded validation of pathological arguments. Each needs only what the server already has
// (a tool, a resource), and is not applicable, saying why, when the server has nothing to use.

const MAX_TOOLS_CALLED = 5;
/** Header-mismatch refusals (SEP-2243): what a server that failed to decode the header answers. */
const HEADER_MISMATCH = -32020;

async function tools(context: ScenarioContext): Promise<JsonObject[]> {
  return (await cachedList(context, 'tools', 'tools/list', 'tools'))?.items ?? [];
}

const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** (1) structuredContent may be any JSON value; whatever the tool returns must match its outputSchema. */
const toolOutputAnyJson: ServerScenario = {
  id: 'tool-output-any-json',
  description: "structuredContent (any JSON value at 2026-07-28) conforms to the tool's outputSchema",
  revisions: ['2026-07-28'],
  async run(context) {
    const withSchema = (await tools(context)).filter((tool) => tool.outputSchema !== undefined);
    if (withSchema.length === 0) return [notApplicable('output', 'no listed tool declares an outputSchema')];
    const checks: CheckOutcome[] = [];
    for (const tool of withSchema.slice(0, MAX_TOOLS_CALLED)) {
      const name = String(tool.name);
      const response = await context.session.call('tools/call', { name, arguments: argumentsFor(tool) });
      const result = resultOf(response);
      if (result === undefined || result.isError === true || result.resultType !== 'complete') {
        checks.push(
          notApplicable(name, `${name} did not complete with sample arguments: ${brief(result ?? response)}`),
        );
        continue;
      }
      if (!('structuredContent' in result)) {
        checks.push(
          fail(
            name,
            `${name} declares an outputSchema but its result has no structuredContent: ${brief(result)}`,
          ),
        );
        continue;
      }
      let verdict: ReturnType<ReturnType<typeof compileJsonSchema>>;
      try {
        verdict = compileJsonSchema(tool.outputSchema)(result.structuredContent);
      } catch (error) {
        checks.push(fail(name, `${name}'s outputSchema is not a valid JSON Schema: ${String(error)}`));
        continue;
      }
      const kind = Array.isArray(result.structuredContent) ? 'array' : typeof result.structuredContent;
      checks.push(
        check(
          name,
          verdict.valid,
          `${name}'s structuredContent ${brief(result.structuredContent, 120)} does not match its outputSchema ` +
            `${brief(tool.outputSchema, 120)}: ${brief(verdict.errors.slice(0, 3), 240)}`,
          `${name} returned structuredContent (${result.structuredContent === null ? 'null' : kind}) matching its outputSchema`,
        ),
      );
    }
    return checks;
  },
};

/** The first side-effect-free request that carries an Mcp-Name: a resource read, else a prompt get. */
async function namedRequest(
  context: ScenarioContext,
): Promise<{ method: string; params: JsonObject; name: string } | undefined> {
  const resource = (await cachedList(context, 'resources', 'resources/list', 'resources'))?.items[0];
  if (resource !== undefined)
    return { method: 'resources/read', params: { uri: String(resource.uri) }, name: String(resource.uri) };
  const prompt = (await cachedList(context, 'prompts', 'prompts/list', 'prompts'))?.items[0];
  if (prompt === undefined) return undefined;
  const args = Object.fromEntries(
    ((prompt.arguments as { name: string; required?: boolean }[] | undefined) ?? [])
      .filter((argument) => argument.required)
      .map((argument) => [argument.name, 'conformance']),
  );
  return {
    method: 'prompts/get',
    params: { name: String(prompt.name), arguments: args },
    name: String(prompt.name),
  };
}

/** (2) A Base64 sentinel Mcp-Name is decoded before it is compared with the body. */
const mcpNameBase64: ServerScenario = {
  id: 'mcp-name-base64',
  description: 'an Mcp-Name sent as =?base64?…?= is decoded and accepted',
  revisions: ['2026-07-28'],
  transports: ['http'],
  async run(context) {
    const named = await namedRequest(context);
    if (named === undefined)
      return [notApplicable('encoded', 'the server lists no resource or prompt to name')];
    // A visible-ASCII name may go either way, so the plain request is the control; any other
    // name must be encoded, so there is no plain request to compare with.
    const ascii = encodeMcpName(named.name) === named.name;
    const plain = ascii ? await context.session.call(named.method, named.params) : undefined;
    if (plain !== undefined && errorCodeOf(plain) !== undefined)
      return [
        notApplicable(
          'encoded',
          `${named.method} ${named.name} fails even with a plain Mcp-Name: ${brief(plain)}`,
        ),
      ];
    const encoded = base64(named.name);
    const response = await context.session.call(named.method, named.params, {
      headers: { 'mcp-name': encoded },
    });
    const status = (context.session.wire as HttpWire).last?.status;
    return [
      check(
        'encoded',
        errorCodeOf(response) === undefined,
        `${named.method} with Mcp-Name ${encoded} (the Base64 of ${JSON.stringify(named.name)}) was refused with ` +
          `HTTP ${status} ${brief('error' in response ? response.error : response)}` +
          `${ascii ? ', though the same request with the plain name succeeded' : ''}${errorCodeOf(response) === HEADER_MISMATCH ? ': the header was compared without decoding' : ''}`,
        `${named.method} accepted Mcp-Name ${encoded}`,
      ),
    ];
  },
};

/** Integer properties mirrored into an Mcp-Param header, as [tool, property, header name]. */
function integerHeaders(tool: JsonObject): { property: string; header: string }[] {
  const properties =
    (tool.inputSchema as { properties?: Record<string, JsonObject> } | undefined)?.properties ?? {};
  return Object.entries(properties)
    .filter(([, schema]) => schema.type === 'integer' && typeof schema['x-mcp-header'] === 'string')
    .map(([property, schema]) => ({ property, header: String(schema['x-mcp-header']) }));
}

/** (4) Numeric Mcp-Param values compare as numbers: header `42.0` matches body `42`. */
const mcpParamNumeric: ServerScenario = {
  id: 'mcp-param-numeric',
  description: 'an integer Mcp-Param header of 42.0 matches a body value of 42',
  revisions: ['2026-07-28'],
  transports: ['http'],
  async run(context) {
    const tool = (await tools(context)).find((candidate) => integerHeaders(candidate).length > 0);
    if (tool === undefined)
      return [
        notApplicable('numeric', 'no listed tool mirrors an integer argument into an Mcp-Param header'),
      ];
    const [{ property, header } = { property: '', header: '' }] = integerHeaders(tool);
    const args = { ...argumentsFor(tool), [property]: 42 };
    const response = await context.session.call(
      'tools/call',
      { name: String(tool.name), arguments: args },
      { headers: { [`mcp-param-${header.toLowerCase()}`]: '42.0' } },
    );
    const code = errorCodeOf(response);
    return [
      check(
        'numeric',
        code !== HEADER_MISMATCH && (context.session.wire as HttpWire).last?.status !== 400,
        `tools/call ${String(tool.name)} with ${property}: 42 and Mcp-Param-${header}: 42.0 was refused as a header ` +
          `mismatch: HTTP ${(context.session.wire as HttpWire).last?.status} ${brief('error' in response ? response.error : response)}`,
        `Mcp-Param-${header}: 42.0 accepted for ${property}: 42${code === undefined ? '' : ` (the call itself answered ${code})`}`,
      ),
    ];
  },
};

export { mcpNameBase64, mcpParamNumeric, toolOutputAnyJson };

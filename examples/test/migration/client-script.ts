// The one client script every before/after pair of src/migration/ answers: the official SDK v1
// client (so both servers meet the same client, at the same protocol revision) drives one feature
// area and records what it observes. The test then asserts that both programs produced the same record.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export type Area =
  | 'tools'
  | 'resources'
  | 'prompts'
  | 'completion'
  | 'sampling'
  | 'elicitation'
  | 'progress'
  | 'http';

/**
 * What each SDK writes in its own way and a client must not depend on, removed before comparing:
 * the JSON Schema dialect a zod schema was converted for (`$schema`: draft-07 in the official SDK v1,
 * 2020-12 in mcpkit), the `additionalProperties: false` only v1's converter adds, and the values v1
 * spells out that mean the same when absent: `execution: { taskSupport: 'forbidden' }` on tools,
 * `required: false` on prompt arguments. Everything else is compared as sent.
 */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === '$schema' || (key === 'additionalProperties' && field === false)) continue;
    if (key === 'required' && field === false) continue;
    if (key === 'execution' && JSON.stringify(field) === '{"taskSupport":"forbidden"}') continue;
    out[key] = normalise(field);
  }
  return out;
}

/**
 * The server's capabilities a client of this area relies on. mcpkit always declares `logging`, and
 * `completions` whenever it has prompts or resources (answering an empty list where nothing
 * completes); v1 declares them only when used: so `logging` is left out, and `completions` is
 * compared in the completion area only.
 */
function capabilitiesOf(client: Client, area: Area): string[] {
  return Object.keys(client.getServerCapabilities() ?? {})
    .filter((name) => name !== 'logging' && (area === 'completion' || name !== 'completions'))
    .sort();
}

/**
 * Connects the official client (with sampling and elicitation answered as a user and a model would).
 * `seen` receives, in order, every request the server sends the client and every notification, read
 * off the transport as they arrive (v1's `onprogress` runs after a microtask, so a notification
 * arriving just before the result may be dropped by it).
 */
export async function connectClient(transport: Transport, seen: unknown[]): Promise<Client> {
  const client = new Client(
    { name: 'migration-check', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {} } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async () => {
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'It is short.' } };
  });
  let elicitations = 0;
  client.setRequestHandler(ElicitRequestSchema, async () => {
    elicitations += 1;
    // The first question is accepted, the second declined.
    return elicitations === 1
      ? { action: 'accept', content: { guests: 4, terrace: true } }
      : { action: 'decline' };
  });
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message) {
      const { progressToken: _token, ...params } = (message.params ?? {}) as Record<string, unknown>;
      seen.push({ method: message.method, params });
    }
    deliver?.(message, extra);
  };
  return client;
}

/** Runs the client script of one area and returns what it saw, normalised. */
export async function observe(area: Area, client: Client, seen: unknown[]): Promise<unknown> {
  const record: Record<string, unknown> = {
    serverInfo: client.getServerVersion(),
    capabilities: capabilitiesOf(client, area),
  };
  switch (area) {
    case 'tools':
      record.tools = (await client.listTools()).tools;
      record.forecast = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2 } });
      record.alerts = await client.callTool({ name: 'alerts', arguments: { city: 'Oslo' } });
      record.badArguments = (
        await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 9 } })
      ).isError;
      break;
    case 'resources':
      record.resources = (await client.listResources()).resources;
      record.templates = (await client.listResourceTemplates()).resourceTemplates;
      record.config = await client.readResource({ uri: 'config://app' });
      record.user = await client.readResource({ uri: 'users://2/profile' });
      break;
    case 'prompts':
      record.prompts = (await client.listPrompts()).prompts;
      record.withFocus = await client.getPrompt({
        name: 'review',
        arguments: { code: 'x = 1', focus: 'naming' },
      });
      record.withoutFocus = await client.getPrompt({ name: 'review', arguments: { code: 'x = 1' } });
      break;
    case 'completion': {
      const template = { type: 'ref/resource', uri: 'repos://{owner}/{repo}' } as const;
      record.owner = await client.complete({ ref: template, argument: { name: 'owner', value: 'a' } });
      record.repo = await client.complete({
        ref: template,
        argument: { name: 'repo', value: '' },
        context: { arguments: { owner: 'acme' } },
      });
      record.language = await client.complete({
        ref: { type: 'ref/prompt', name: 'explain' },
        argument: { name: 'language', value: 't' },
      });
      break;
    }
    case 'sampling':
      record.result = await client.callTool({ name: 'summarize', arguments: { text: 'a long text' } });
      break;
    case 'elicitation':
      record.accepted = await client.callTool({ name: 'book', arguments: { restaurant: 'Chez Nous' } });
      record.declined = await client.callTool({ name: 'book', arguments: { restaurant: 'Chez Nous' } });
      break;
    case 'progress': {
      // onprogress makes the client send a progress token; the notifications are read from `seen`.
      record.result = await client.callTool(
        { name: 'import', arguments: { files: ['a.csv', 'b.csv', 'c.csv'] } },
        undefined,
        {
          onprogress: () => undefined,
        },
      );
      record.withoutToken = await client.callTool({ name: 'import', arguments: { files: ['a.csv'] } });
      break;
    }
    case 'http':
      record.tools = (await client.listTools()).tools;
      record.echo = await client.callTool({ name: 'echo', arguments: { message: 'over HTTP' } });
      break;
  }
  record.fromServer = seen;
  return normalise(record);
}

/** A `WWW-Authenticate` challenge's scheme and its parameters. */
function challenge(response: Response): Record<string, string> {
  const header = response.headers.get('www-authenticate') ?? '';
  const parameters: Record<string, string> = { scheme: header.split(' ')[0] ?? '' };
  for (const [, name, value] of header.matchAll(/(\w+)="([^"]*)"/g)) parameters[name!] = value!;
  return parameters;
}

/** An access token from the demo authorization server (client credentials) for `resource`. */
async function token(issuer: string, resource: string, scope: string): Promise<string> {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa('demo-client:demo-secret')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
  });
  if (!response.ok) throw new Error(`token endpoint: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * The OAuth area's client script: what a client sees of a resource server at `url` trusting
 * `issuer`. Challenges are compared by status, scheme, `error` and `resource_metadata` (the
 * `error_description` texts are each SDK's own words).
 */
export async function observeOAuth(url: URL, issuer: string): Promise<unknown> {
  const post = (authorization?: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  const refused = async (authorization?: string) => {
    const response = await post(authorization);
    const { scheme, error, resource_metadata } = challenge(response);
    return { status: response.status, scheme, error, resource_metadata };
  };
  const record: Record<string, unknown> = {
    withoutToken: { ...(await refused()), error: undefined }, // v1 adds error="invalid_token" here; RFC 6750 §3.1 says none
    otherAudience: await refused(`Bearer ${await token(issuer, 'http://127.0.0.1:1/other', 'mcp')}`),
    withoutScope: await refused(`Bearer ${await token(issuer, url.href, 'profile')}`),
  };
  const metadataUrl = (record.withoutToken as { resource_metadata: string }).resource_metadata;
  const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
  record.metadata = { resource: metadata.resource, authorization_servers: metadata.authorization_servers };
  const accessToken = await token(issuer, url.href, 'mcp');
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
  });
  const client = new Client({ name: 'migration-check', version: '1.0.0' });
  await client.connect(transport);
  record.whoami = await client.callTool({ name: 'whoami', arguments: {} });
  await client.close();
  return record;
}

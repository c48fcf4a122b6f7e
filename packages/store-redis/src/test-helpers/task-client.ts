// Raw JSON-RPC over HTTP for the task tests: any request may be sent to any instance's URL.
type Json = Record<string, any>;

const TASKS = 'io.modelcontextprotocol/tasks';

/** The JSON-RPC messages of a finished response, JSON or SSE. */
async function messagesOf(response: Response): Promise<Json[]> {
  const text = await response.text();
  if (response.headers.get('content-type')?.includes('application/json')) return [JSON.parse(text)];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data:') && line.slice(5).trim() !== '')
    .map((line) => JSON.parse(line.slice(5)));
}

function auth(principal: string | undefined): Record<string, string> {
  return principal === undefined ? {} : { authorization: `Bearer ${principal}` };
}

/** A 2025-11-25 session: opened on one URL, then each request sent wherever the test says. */
export async function openSession(url: URL, principal?: string) {
  const headers = (sessionId?: string): Record<string, string> => ({
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...auth(principal),
    ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' }),
  });
  const init = await fetch(url, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  if (init.status !== 200) throw new Error(`initialize answered ${init.status}: ${await init.text()}`);
  const sessionId = init.headers.get('mcp-session-id')!;
  await init.text();
  const ready = await fetch(url, {
    method: 'POST',
    headers: headers(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await ready.text();
  let nextId = 1;
  return {
    sessionId,
    /** Sends a request to `to` and resolves with its answer (the last message of the response). */
    async call(to: URL, method: string, params: Json = {}, as: string | undefined = principal) {
      const response = await fetch(to, {
        method: 'POST',
        headers: { ...headers(sessionId), ...auth(as) },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      });
      if (response.status !== 200) return { status: response.status, body: await response.text() } as Json;
      return (await messagesOf(response)).at(-1) as Json;
    },
  };
}

let statelessId = 1000;

/** A 2026-07-28 request (stateless) from a client declaring the tasks extension, to `to`. */
export async function stateless(
  to: URL,
  method: string,
  params: Json = {},
  principal?: string,
): Promise<Json> {
  return (await messagesOf(await fetch(to, statelessRequest(method, params, principal)))).at(-1) as Json;
}

/** A 2026-07-28 subscriptions/listen for `notifications`, to send with fetch (its answer is a stream). */
export function listenRequest(notifications: Json, principal?: string): RequestInit {
  return statelessRequest('subscriptions/listen', { notifications }, principal);
}

function statelessRequest(method: string, params: Json, principal: string | undefined): RequestInit {
  const name = params.name ?? params.taskId;
  return {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
      ...auth(principal),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: statelessId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, extensions: { [TASKS]: {} } },
          'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
        },
      },
    }),
  };
}

import {
  InitializeRequestParamsSchema,
  type JSONObject,
  type JSONRPCMessage,
  type JSONRPCRequest,
  MetaKey,
  PROTOCOL_VERSIONS,
} from '@mcpkit/protocol';
import type { CheckOutcome } from '../types.js';
import { checkSchema, fail, notApplicable, pass } from './check-helpers.js';
import type { ClientEvent, ClientLog } from './client-log.js';

// The checks of each client-mode scenario, over what the mock server recorded.

export type ClientTransport = 'stdio' | 'http';

const asRequest = (event: ClientEvent): JSONRPCRequest => event.message as JSONRPCRequest;
const isRequestEvent = (event: ClientEvent) => 'method' in event.message && 'id' in event.message;
const describe = (message: JSONRPCMessage) => JSON.stringify(message).slice(0, 200);

/** The response the client sent to the mock's request `method`, if it asked one. */
function answerTo(log: ClientLog, method: string): { asked: boolean; answer?: JSONRPCMessage } {
  const asked = log.events.find(
    (event) =>
      event.direction === 'to-client' && 'method' in event.message && event.message.method === method,
  );
  if (asked === undefined || !('id' in asked.message)) return { asked: false };
  const id = asked.message.id;
  const answer = log
    .sent()
    .find((event) => !('method' in event.message) && 'id' in event.message && event.message.id === id);
  return answer ? { asked: true, answer: answer.message } : { asked: true };
}

export function checkInitialize(log: ClientLog): CheckOutcome[] {
  const sent = log.sent();
  const first = sent[0];
  if (first === undefined) return [fail('initialize-sent', 'the client sent nothing')];
  const stateless = sent.some(
    (event) => isRequestEvent(event) && asRequest(event).method === 'server/discover',
  );
  if (stateless && log.requests('initialize').length === 0) {
    return [notApplicable('initialize-sent', 'the client negotiated 2026-07-28 through server/discover')];
  }
  const outcomes: CheckOutcome[] = [];
  const init = log.requests('initialize')[0];
  if (init === undefined)
    return [fail('initialize-sent', `no initialize request; first message: ${describe(first.message)}`)];
  outcomes.push(
    first === init || (isRequestEvent(first) && asRequest(first).method === 'server/discover')
      ? pass('initialize-first')
      : fail('initialize-first', `the first message was ${describe(first.message)}`),
  );
  const params = asRequest(init).params;
  outcomes.push(checkSchema('initialize-params', InitializeRequestParamsSchema, params, 'initialize params'));
  const offered = params?.protocolVersion;
  outcomes.push(
    typeof offered === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(offered)
      ? pass('protocol-version-known')
      : fail('protocol-version-known', `protocolVersion ${JSON.stringify(offered)} is no known revision`),
  );
  const initIndex = sent.indexOf(init);
  const initialized = sent.findIndex(
    (event, index) =>
      index > initIndex && 'method' in event.message && event.message.method === 'notifications/initialized',
  );
  const nextRequest = sent.findIndex((event, index) => index > initIndex && isRequestEvent(event));
  if (initialized < 0) {
    outcomes.push(fail('initialized-notification', 'notifications/initialized was never sent'));
  } else if (
    nextRequest >= 0 &&
    nextRequest < initialized &&
    asRequest(sent[nextRequest] as ClientEvent).method !== 'ping'
  ) {
    outcomes.push(fail('initialized-notification', 'a request was sent before notifications/initialized'));
  } else outcomes.push(pass('initialized-notification'));
  const ids = sent.filter(isRequestEvent).map((event) => JSON.stringify(asRequest(event).id));
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  outcomes.push(
    duplicate
      ? fail('request-ids-unique', `request id ${duplicate} was used twice`)
      : pass('request-ids-unique'),
  );
  const badVersion = sent.find((event) => (event.message as { jsonrpc?: unknown }).jsonrpc !== '2.0');
  outcomes.push(
    badVersion
      ? fail('jsonrpc-2.0', `message without jsonrpc "2.0": ${describe(badVersion.message)}`)
      : pass('jsonrpc-2.0'),
  );
  return outcomes;
}

export function checkHeaders(log: ClientLog, transport: ClientTransport): CheckOutcome[] {
  if (transport !== 'http') return [notApplicable('protocol-version-header', 'stdio has no headers')];
  const version = log.negotiatedVersion;
  if (version === undefined)
    return [fail('protocol-version-header', 'the client never completed initialize')];
  const init = log.requests('initialize')[0];
  const after = [
    ...log.sent().filter((event) => init === undefined || (event !== init && event.at >= init.at)),
    ...log.httpEvents.filter((event) => event.kind !== 'stream-closed'),
  ];
  const headersOf = (event: (typeof after)[number]) =>
    ('http' in event ? event.http?.headers : 'headers' in event ? event.headers : undefined) ?? {};
  if (after.length === 0)
    return [notApplicable('protocol-version-header', 'the client sent nothing after initialize')];
  const wrongVersion = after.find((event) => headersOf(event)['mcp-protocol-version'] !== version);
  const wrongSession = after.find((event) => headersOf(event)['mcp-session-id'] !== log.sessionId);
  return [
    wrongVersion
      ? fail(
          'protocol-version-header',
          `a request after initialize carried MCP-Protocol-Version ${JSON.stringify(headersOf(wrongVersion)['mcp-protocol-version'])}; expected "${version}"`,
        )
      : pass('protocol-version-header'),
    wrongSession
      ? fail(
          'session-id-header',
          `a request after initialize carried Mcp-Session-Id ${JSON.stringify(headersOf(wrongSession)['mcp-session-id'])}; expected the id the server issued`,
        )
      : pass('session-id-header'),
  ];
}

export function checkToolCall(log: ClientLog): CheckOutcome[] {
  const calls = log.requests('tools/call').map(asRequest);
  if (calls.length === 0) return [fail('tools-call-sent', 'the client sent no tools/call')];
  const call = calls.find((request) => request.params?.name === 'add_numbers');
  if (call === undefined)
    return [
      fail(
        'tools-call-sent',
        `no tools/call of add_numbers (called ${calls.map((c) => String(c.params?.name)).join(', ')})`,
      ),
    ];
  const args = call.params?.arguments as JSONObject | undefined;
  return [
    pass('tools-call-sent'),
    args?.a === 5 && args?.b === 3
      ? pass('tools-call-arguments')
      : fail('tools-call-arguments', `arguments were ${JSON.stringify(args)}; expected {"a":5,"b":3}`),
  ];
}

/** A check of the client's answer to one question the mock asks during tools/list. */
export function checkAnswer(
  id: string,
  method: string,
  capability: string | undefined,
  validate: (result: unknown) => CheckOutcome,
  validateError?: (error: { code: number; message: string }) => CheckOutcome,
) {
  return (log: ClientLog): CheckOutcome[] => {
    if (log.requests('tools/list').length === 0)
      return [notApplicable(id, 'the client never listed tools, so nothing was asked')];
    const { asked, answer } = answerTo(log, method);
    if (!asked) return [notApplicable(id, `the client did not declare the ${capability} capability`)];
    if (answer === undefined) return [fail(id, `the client did not answer ${method} within the timeout`)];
    if ('error' in answer) {
      if (validateError) return [validateError(answer.error)];
      return [fail(id, `the client answered ${method} with error ${JSON.stringify(answer.error)}`)];
    }
    return [validate('result' in answer ? answer.result : undefined)];
  };
}

export function checkSseRetry(log: ClientLog): CheckOutcome[] {
  const closed = log.httpEvents.find((event) => event.kind === 'stream-closed');
  if (closed === undefined)
    return [notApplicable('sse-reconnect', 'the client never listed tools, so no stream was broken')];
  // The standalone GET stream a client opens after initializing may race the break; the GET that
  // resumes is the one naming an event id, or else the latest one.
  const gets = log.httpEvents.filter((event) => event.kind === 'get' && event.at >= closed.at);
  const resumed = gets.find((event) => event.headers['last-event-id'] !== undefined) ?? gets.at(-1);
  if (resumed === undefined)
    return [fail('sse-reconnect', 'the client never reconnected with GET after the stream broke')];
  const retryMs = closed.retryMs ?? 0;
  const waited = resumed.at - closed.at;
  return [
    pass('sse-reconnect'),
    resumed.headers['last-event-id'] === closed.lastEventId
      ? pass('sse-last-event-id')
      : fail(
          'sse-last-event-id',
          `the GET carried Last-Event-ID ${JSON.stringify(resumed.headers['last-event-id'])}; expected "${closed.lastEventId}"`,
        ),
    // A little slack for timer granularity; reconnecting much sooner means the retry: field was ignored.
    waited >= retryMs * 0.9
      ? pass('sse-honours-retry', `reconnected after ${waited} ms (retry: ${retryMs})`)
      : fail(
          'sse-honours-retry',
          `reconnected after ${waited} ms, sooner than the retry: ${retryMs} ms the server sent`,
        ),
  ];
}

export function checkMetaEnvelope(log: ClientLog): CheckOutcome[] {
  const requests = log.sent().filter(isRequestEvent).map(asRequest);
  const attempted = requests.filter(
    (request) =>
      request.method === 'server/discover' ||
      Object.keys((request.params?._meta as JSONObject | undefined) ?? {}).some((key) =>
        key.startsWith('io.modelcontextprotocol/'),
      ),
  );
  if (attempted.length === 0)
    return [
      notApplicable(
        'meta-envelope',
        'the client did not speak 2026-07-28 (no server/discover, no _meta envelope)',
      ),
    ];
  const stateless = requests.filter(
    (request) => request.method !== 'initialize' && attempted.includes(request),
  );
  const missingVersion = stateless.find(
    (request) =>
      (request.params?._meta as JSONObject | undefined)?.[MetaKey.ProtocolVersion] !== '2026-07-28',
  );
  const missingCaps = stateless.find((request) => {
    const caps = (request.params?._meta as JSONObject | undefined)?.[MetaKey.ClientCapabilities];
    return typeof caps !== 'object' || caps === null;
  });
  return [
    missingVersion
      ? fail(
          'meta-protocol-version',
          `${missingVersion.method} lacks _meta["${MetaKey.ProtocolVersion}"] = "2026-07-28"`,
        )
      : pass('meta-protocol-version'),
    missingCaps
      ? fail(
          'meta-client-capabilities',
          `${missingCaps.method} lacks an object _meta["${MetaKey.ClientCapabilities}"]`,
        )
      : pass('meta-client-capabilities'),
  ];
}

/** The server answered initialize with an older revision: the client goes on with it, and says so. */
export function checkNegotiation(log: ClientLog, transport: ClientTransport): CheckOutcome[] {
  const init = log.requests('initialize')[0];
  const version = log.negotiatedVersion;
  if (init === undefined || version === undefined)
    return [fail('accepts-server-version', 'the client sent no initialize')];
  const offered = asRequest(init).params?.protocolVersion;
  if (offered === version) {
    return [
      notApplicable(
        'accepts-server-version',
        `the client offered ${version} itself, so nothing was negotiated`,
      ),
    ];
  }
  const continued = log.sent().some((event) => event.at > init.at && isRequestEvent(event) && event !== init);
  const outcomes = [
    continued
      ? pass('accepts-server-version')
      : fail(
          'accepts-server-version',
          `the client sent no request after the server answered initialize with ${version}`,
        ),
  ];
  if (transport === 'http' && continued) {
    // A missing header is protocol-version-header's concern; here only a wrong one counts.
    const wrong = log
      .sent()
      .filter((event) => event.at > init.at && event !== init)
      .map((event) => event.http?.headers['mcp-protocol-version'])
      .find((header) => header !== undefined && header !== version);
    outcomes.push(
      wrong === undefined
        ? pass('uses-negotiated-version')
        : fail(
            'uses-negotiated-version',
            `a request carried MCP-Protocol-Version "${wrong}" after the server negotiated "${version}"`,
          ),
    );
  }
  return outcomes;
}

/** Over stdio the client's stdout is the protocol: nothing else may appear there. */
export function checkStdoutClean(log: ClientLog, transport: ClientTransport): CheckOutcome[] {
  if (transport !== 'stdio')
    return [notApplicable('stdout-clean', 'only stdio clients share stdout with the protocol')];
  if (log.sent().length === 0) return [fail('stdout-clean', 'the client sent nothing')];
  const noise = log.stdoutNoise[0];
  return noise === undefined
    ? [pass('stdout-clean')]
    : [
        fail(
          'stdout-clean',
          `stdout carried ${log.stdoutNoise.length} non-JSON-RPC line(s), first: ${noise.slice(0, 120)}`,
        ),
      ];
}

/** 2026-07-28 MRTR: the client answers an input_required result by retrying the call. */
export function checkMrtr(log: ClientLog): CheckOutcome[] {
  const asked = log.events.find(
    (event) =>
      event.direction === 'to-client' &&
      'result' in event.message &&
      event.message.result.resultType === 'input_required',
  );
  if (asked === undefined || !('result' in asked.message)) {
    const spoke2026 = log
      .sent()
      .some((event) => isRequestEvent(event) && asRequest(event).method === 'server/discover');
    return [
      notApplicable(
        'mrtr-retry',
        spoke2026
          ? 'the client did not call add_numbers with the elicitation capability, so nothing was asked'
          : 'the client did not speak 2026-07-28',
      ),
    ];
  }
  const issued = asked.message.result.requestState;
  const first = log
    .sent()
    .find(
      (event) =>
        event.at <= asked.at &&
        isRequestEvent(event) &&
        asRequest(event).method === 'tools/call' &&
        asRequest(event).id === (asked.message as { id: unknown }).id,
    );
  const retry = log
    .requests('tools/call')
    .find((event) => event.at > asked.at && asRequest(event).params?.name === 'add_numbers');
  if (retry === undefined)
    return [fail('mrtr-retry', 'the client did not retry tools/call after the input_required result')];
  const params = asRequest(retry).params ?? {};
  const answer = (params.inputResponses as JSONObject | undefined)?.user_name as JSONObject | undefined;
  return [
    pass('mrtr-retry'),
    first !== undefined && asRequest(first).id === asRequest(retry).id
      ? fail('mrtr-fresh-id', `the retry reused JSON-RPC id ${JSON.stringify(asRequest(retry).id)}`)
      : pass('mrtr-fresh-id'),
    params.requestState === issued
      ? pass('mrtr-state-echoed')
      : fail(
          'mrtr-state-echoed',
          `requestState came back as ${JSON.stringify(params.requestState)}; expected ${JSON.stringify(issued)} byte for byte`,
        ),
    typeof answer === 'object' && answer !== null && typeof answer.action === 'string'
      ? pass('mrtr-input-responses')
      : fail(
          'mrtr-input-responses',
          `inputResponses.user_name is ${JSON.stringify(answer)}; expected an elicitation result`,
        ),
  ];
}

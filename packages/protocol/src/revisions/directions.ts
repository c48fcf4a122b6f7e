import type { ProtocolVersion } from '../constants.js';
import { methodSchemas } from '../method-maps.js';
import { notificationSchema, requestSchema } from '../schemas/jsonrpc.js';
import { z } from '../schemas/zod.js';

// Per-revision message unions by direction (the spec's ClientRequest, ServerNotification, ...),
// derived from the revision's method maps so they can never disagree with them.

const CLIENT_REQUESTS = /* @__PURE__ */ new Set([
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'subscriptions/listen',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'tasks/get',
  'tasks/result',
  'tasks/cancel',
  'tasks/list',
]);
const SERVER_REQUESTS = /* @__PURE__ */ new Set([
  'ping',
  'sampling/createMessage',
  'roots/list',
  'elicitation/create',
  'tasks/get',
  'tasks/result',
  'tasks/cancel',
  'tasks/list',
]);
const CLIENT_NOTIFICATIONS = /* @__PURE__ */ new Set([
  'notifications/cancelled',
  'notifications/initialized',
  'notifications/progress',
  'notifications/roots/list_changed',
  'notifications/tasks/status',
]);
/** 2026-07-28 clients only ever cancel. */
const STATELESS_CLIENT_NOTIFICATIONS = /* @__PURE__ */ new Set(['notifications/cancelled']);
const SERVER_NOTIFICATIONS = /* @__PURE__ */ new Set([
  'notifications/cancelled',
  'notifications/progress',
  'notifications/message',
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/tools/list_changed',
  'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
  'notifications/subscriptions/acknowledged',
  'notifications/tasks/status',
]);

type Schemas = Readonly<Partial<Record<string, z.ZodType>>>;

function pick(map: Schemas, methods: ReadonlySet<string>): [string, z.ZodType][] {
  return Object.entries(map).filter(
    (entry): entry is [string, z.ZodType] => methods.has(entry[0]) && !!entry[1],
  );
}

function anyOf(options: z.ZodType[]): z.ZodType {
  const [first, ...rest] = options;
  if (!first) return z.never();
  return rest.length === 0 ? first : z.union([first, ...rest]);
}

/** The direction unions of one revision; `result` is that revision's bare `Result` schema. */
export function directionSchemas(version: ProtocolVersion, result: z.ZodType) {
  const { requestParams, results, notificationParams } = methodSchemas[version];
  const stateless = version === '2026-07-28';
  const requests = (methods: ReadonlySet<string>) =>
    anyOf(pick(requestParams, methods).map(([method, params]) => requestSchema(method, params)));
  const notifications = (methods: ReadonlySet<string>) =>
    anyOf(pick(notificationParams, methods).map(([method, params]) => notificationSchema(method, params)));
  const resultsOf = (methods: ReadonlySet<string>) =>
    anyOf([...pick(results, methods).map(([, r]) => r), result]);
  return {
    ClientRequestSchema: requests(CLIENT_REQUESTS),
    /** 2026-07-28 has no server-to-client requests (input requests ride in results): this rejects all. */
    ServerRequestSchema: requests(stateless ? new Set<string>() : SERVER_REQUESTS),
    ClientNotificationSchema: notifications(
      stateless ? STATELESS_CLIENT_NOTIFICATIONS : CLIENT_NOTIFICATIONS,
    ),
    ServerNotificationSchema: notifications(SERVER_NOTIFICATIONS),
    ClientResultSchema: resultsOf(stateless ? new Set<string>() : SERVER_REQUESTS),
    ServerResultSchema: resultsOf(CLIENT_REQUESTS),
  };
}

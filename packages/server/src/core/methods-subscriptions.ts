import { JsonRpcError } from '@mcpkit/jsonrpc';
import {
  type JSONObject,
  MetaKey,
  type SubscriptionFilter,
  type SubscriptionsListenRequestParams,
} from '@mcpkit/protocol/essentials';
import type { ServerCore } from './core.js';
import type { RequestContext } from './request-context.js';

// subscriptions/listen (2026-07-28): one long-lived request per stream of change notifications.
// The handler acknowledges, relays matching server events tagged with the subscription id, and
// stays pending until the client cancels it (the transport keeps the stream open meanwhile) or
// the server closes, which ends it gracefully with a result.

const LISTS = ['tools', 'prompts', 'resources'] as const;
type ListKind = (typeof LISTS)[number];

/** The filter flag that asks for a list's changes, e.g. `toolsListChanged`. */
const flagOf = (list: ListKind) => `${list}ListChanged` as const;

/** The part of the requested filter this server honours (what its capabilities offer). */
function agreedFilter(core: ServerCore, requested: SubscriptionFilter): SubscriptionFilter {
  const capabilities = core.capabilities();
  const agreed: SubscriptionFilter = {};
  for (const list of LISTS) {
    const flag = flagOf(list);
    if (requested[flag] === true && capabilities[list]?.listChanged === true) agreed[flag] = true;
  }
  if (requested.resourceSubscriptions !== undefined && capabilities.resources?.subscribe === true) {
    agreed.resourceSubscriptions = [...requested.resourceSubscriptions];
  }
  return agreed;
}

export async function listen(
  core: ServerCore,
  params: SubscriptionsListenRequestParams,
  ctx: RequestContext,
) {
  const subscriptionId = ctx.requestId;
  if (subscriptionId === undefined) {
    throw JsonRpcError.invalidRequest(
      'subscriptions/listen needs a request id: it becomes the subscription id',
    );
  }
  const meta = { [MetaKey.SubscriptionId]: subscriptionId };
  const agreed = agreedFilter(core, params.notifications);
  const uris = new Set(agreed.resourceSubscriptions ?? []);
  const send = (method: string, extra: JSONObject = {}) => {
    ctx
      .sendNotification(method, { _meta: meta, ...extra })
      .then(undefined, (error: unknown) => core.reportError(error, { method: 'subscriptions/listen' }));
  };
  // Listen before acknowledging: a change made the moment the client reads the acknowledgement
  // must not fall between the two. Events seen before the acknowledgement is sent wait behind it.
  let held: Array<() => void> | undefined = [];
  const relay = (deliver: () => void) => (held ? held.push(deliver) : deliver());
  const taskIds = params.notifications.taskIds;
  const tasks =
    taskIds === undefined
      ? undefined
      : await core.tasksExtension?.watchTasks(taskIds, ctx, (task) =>
          relay(() => send('notifications/tasks', task)),
        );
  if (tasks !== undefined) agreed.taskIds = tasks.agreed;
  const unlisten = core.listen((event) => {
    let deliver: (() => void) | undefined;
    if (event.type === 'resource_updated') {
      if (uris.has(event.uri)) deliver = () => send('notifications/resources/updated', { uri: event.uri });
    } else {
      const list = event.list;
      if (agreed[flagOf(list)] === true) deliver = () => send(`notifications/${list}/list_changed`);
    }
    if (deliver) relay(deliver);
  });
  try {
    await ctx.sendNotification('notifications/subscriptions/acknowledged', {
      _meta: meta,
      notifications: agreed,
    });
  } catch (error) {
    unlisten();
    tasks?.stop();
    throw error;
  }
  const waiting = held;
  held = undefined;
  for (const deliver of waiting) deliver();
  try {
    await untilAborted(ctx.signal, core.closing);
  } finally {
    unlisten();
    tasks?.stop();
  }
  return { _meta: meta };
}

function untilAborted(...signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const signal of signals) signal.removeEventListener('abort', done);
      resolve();
    };
    for (const signal of signals) {
      if (signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
    }
  });
}

import type { Peer } from '@mcpkit/jsonrpc';
import {
  type JSONObject,
  type LoggingMessageNotificationParams,
  parseAnyRevisionNotificationParams,
  type RequestId,
  type ResourceUpdatedNotificationParams,
  type Task,
} from '@mcpkit/protocol';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { ListKind } from './list-changed.js';
import { asError } from './subscriptions.js';

/** What the client does with each message the server may send on its own. */
export interface ClientEventSink {
  /** Answers ping, sampling/createMessage, elicitation/create and roots/list (see `ClientCore.answer`). */
  answer(
    method: string,
    params: JSONObject | undefined,
    signal: AbortSignal,
    requestId: RequestId,
  ): JSONObject | Promise<JSONObject>;
  logMessage(entry: LoggingMessageNotificationParams): void | Promise<void>;
  resourceUpdated(params: ResourceUpdatedNotificationParams): void | Promise<void>;
  elicitationComplete(elicitationId: string): void | Promise<void>;
  listChanged(kind: ListKind): void;
  /** 2025-11-25: a task the client created changed status. */
  taskStatus(task: Task): void | Promise<void>;
  /** 2026-07-28: the server accepted the newest `subscriptions/listen` stream. */
  subscriptionsAcknowledged(): void;
  reportError(error: Error): void;
}

const SERVER_QUESTIONS = ['ping', 'sampling/createMessage', 'elicitation/create', 'roots/list'] as const;

/** Registers the client's request and notification handlers on a fresh peer. */
export function wirePeer(peer: Peer, sink: ClientEventSink): void {
  for (const method of SERVER_QUESTIONS) {
    peer.setRequestHandler(method, (params, ctx) => sink.answer(method, params, ctx.signal, ctx.requestId));
  }

  /**
   * Parses params leniently (any revision); a malformed notification is reported and dropped, and
   * so is a failure of the code it reaches (a non-Error throw is named after the notification).
   */
  const on = <M extends string>(method: M, deliver: (params: never) => void | Promise<void>) => {
    peer.setNotificationHandler(method, async (params) => {
      const parsed = parseAnyRevisionNotificationParams(method, params);
      if (!parsed.success) {
        sink.reportError(
          new McpClientError(
            McpClientErrorCode.InvalidResult,
            `Ignored a malformed ${method} notification: ${parsed.error.message}`,
            { data: { method, path: parsed.error.pathString } },
          ),
        );
        return;
      }
      try {
        await deliver(parsed.data as never);
      } catch (error) {
        sink.reportError(asError(error, `${method} handler failed`));
      }
    });
  };

  on('notifications/message', (entry: LoggingMessageNotificationParams) => sink.logMessage(entry));
  on('notifications/resources/updated', (update: ResourceUpdatedNotificationParams) =>
    sink.resourceUpdated(update),
  );
  on('notifications/elicitation/complete', (done: { elicitationId: string }) =>
    sink.elicitationComplete(done.elicitationId),
  );
  on('notifications/tasks/status', (task: Task) => sink.taskStatus(task));
  on('notifications/subscriptions/acknowledged', () => sink.subscriptionsAcknowledged());
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    on(`notifications/${kind}/list_changed`, () => sink.listChanged(kind));
  }
}

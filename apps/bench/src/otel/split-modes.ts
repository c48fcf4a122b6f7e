import { McpClient } from '@mcpkit/client';
import { type InstrumentClientOptions, instrumentClient, instrumentServer } from '@mcpkit/otel';
import type { McpServer } from '@mcpkit/server';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { benchTelemetry } from './setup.js';

// What each step of the otel cost split (split.ts) puts on a client and a server, so the steps'
// differences say where the CPU an instrumented call adds goes:
// off -> middleware: the middleware path of @mcpkit/server and @mcpkit/client (one no-op layer);
// middleware -> no-sdk: @mcpkit/otel's own code over the API's no-op tracer (nothing registered);
// no-sdk -> no-sdk-als: the async-local-storage context manager's `run` (promise hooks on Node < 24);
// no-sdk-als -> otel: the SDK's span work (the "-otel" rows' setup).

export const SPLIT_MODES = ['off', 'middleware', 'no-sdk', 'no-sdk-als', 'otel'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export function splitModeArg(value: string | undefined): SplitMode {
  const mode = SPLIT_MODES.find((candidate) => candidate === value);
  if (mode === undefined)
    throw new Error(`split mode must be one of ${SPLIT_MODES.join(', ')}, got ${value}`);
  return mode;
}

type Where = Pick<InstrumentClientOptions, 'transport' | 'serverUrl'>;

/** Sets `target` (a server or a client) up for `mode`; `where` is the transport as the "-otel" rows give it. */
export function applySplitMode(target: McpServer | McpClient, mode: SplitMode, where: Where): void {
  const instrument = (options: InstrumentClientOptions) => {
    if (target instanceof McpClient) instrumentClient(target, { ...where, ...options });
    else instrumentServer(target, { transport: where.transport, ...options });
  };
  switch (mode) {
    case 'off':
      return;
    case 'middleware':
      if (target instanceof McpClient) target.use((_ctx, next) => next(), { name: 'no-op' });
      else target.use((_ctx, next) => next(), { name: 'no-op' });
      return;
    case 'no-sdk-als':
      context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
      instrument({ propagator: new W3CTraceContextPropagator() });
      return;
    case 'no-sdk':
      instrument({ propagator: new W3CTraceContextPropagator() });
      return;
    case 'otel':
      instrument(benchTelemetry());
      return;
  }
}

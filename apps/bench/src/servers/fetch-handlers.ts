import type { ImplName } from '../harness/workloads.js';
import type { HttpServerOptions } from './http-host.js';
import { handleRawMessage } from './raw-handler.js';

// Each implementation's Web-standard handler, `(Request) => Promise<Response>`, run in process as an
// edge runtime (Workers, Deno, Bun) runs it: no node:http, no sockets, just the SDK's own work.

export type FetchHandler = (request: Request) => Promise<Response>;

/** The raw baseline: parse, answer with plain JSON, nothing else. */
function rawFetchHandler(options: HttpServerOptions): FetchHandler {
  return async (request) => {
    const answer = handleRawMessage(await request.json(), () => undefined, options.tools);
    return answer ? Response.json(answer) : new Response(null, { status: 202 });
  };
}

/** Undefined for an implementation without a Web-standard handler (official v1). */
export async function fetchHandlerFor(
  impl: ImplName,
  options: HttpServerOptions,
): Promise<FetchHandler | undefined> {
  switch (impl) {
    case 'mcpkit':
      return (await import('./mcpkit-http.js')).createFetchHandler(options);
    case 'official-v2': {
      const handler = (await import('./official-v2-http.js')).createModernFetchHandler(options);
      return (request) => handler.fetch(request);
    }
    case 'raw':
      return rawFetchHandler(options);
    case 'official-v1':
      return undefined;
  }
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of a loopback redirect receiver. */
export interface LoopbackRedirectOptions {
  /** Port on 127.0.0.1; default 0 (any free port). Fix it when the AS only accepts registered redirect URIs. */
  port?: number;
  /** Path of the redirect URI; default `/callback`. */
  path?: string;
  /** Shows the authorization URL to the user: open a browser, or print it. */
  open: (url: URL) => void | Promise<void>;
  /** How long to wait for the user, in milliseconds; default 300 000 (5 minutes). */
  timeoutMs?: number;
  /** The page the browser shows once the redirect arrived. */
  successPage?: string;
}

/** A running loopback redirect receiver: pass `redirectUri` and `authorize` to the OAuthClientProvider. */
export interface LoopbackRedirect {
  redirectUri: string;
  /**
   * Opens the authorization URL (through the given callback) and resolves with the code the browser
   * brings back to the loopback redirect.
   */
  authorize(request: { url: URL; redirectUri: string; state: string }): Promise<URL>;
  /** Stops listening; pending authorizations fail. */
  close(): Promise<void>;
}

/** Default wait for the user to finish in the browser. */
export const DEFAULT_LOOPBACK_TIMEOUT_MS = 300_000;

const DEFAULT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Authorized</title><p>Authorization finished. You can close this window.</p>';

/**
 * Receives the OAuth redirect on 127.0.0.1 for CLIs and desktop apps (RFC 8252 §7.3): listens,
 * shows the authorization URL through `open`, and resolves with the URL the browser was sent back
 * to, matched to the request by its `state`.
 */
export async function startLoopbackRedirect(options: LoopbackRedirectOptions): Promise<LoopbackRedirect> {
  const path = options.path ?? '/callback';
  const waiting = new Map<string, { resolve(url: URL): void; reject(error: Error): void }>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`);
    const waiter = url.pathname === path ? waiting.get(url.searchParams.get('state') ?? '') : undefined;
    if (request.method !== 'GET' || waiter === undefined) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('No authorization is waiting for this redirect.');
      return;
    }
    waiting.delete(url.searchParams.get('state') ?? '');
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(options.successPage ?? DEFAULT_PAGE);
    waiter.resolve(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}${path}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOOPBACK_TIMEOUT_MS;

  return {
    redirectUri,
    async authorize({ url, state }) {
      let cancel: (error: Error) => void = () => undefined;
      const redirected = new Promise<URL>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(state);
          reject(new Error(`No authorization redirect reached ${redirectUri} within ${timeoutMs} ms`));
        }, timeoutMs);
        cancel = (error) => {
          clearTimeout(timer);
          waiting.delete(state);
          reject(error);
        };
        waiting.set(state, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: cancel,
        });
      });
      try {
        await options.open(url);
      } catch (error) {
        // Nobody will be sent to the URL: stop waiting (and its timer) and report why.
        cancel(error instanceof Error ? error : new Error(String(error)));
      }
      return redirected;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const waiter of waiting.values())
          waiter.reject(new Error(`The loopback receiver at ${redirectUri} was closed`));
        waiting.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections?.();
      }),
  };
}

import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  type ClientCredentials,
  type ClientMetadata,
  OAuthClientProvider,
  type OAuthStore,
  type StoredTokens,
} from '@mcpkit/auth-client';
import { startLoopbackRedirect } from '@mcpkit/auth-client/node';

/** Where tokens are kept by default: `~/.mcpkit/gateway-oauth.json`, readable by the user only. */
export const DEFAULT_TOKEN_FILE = join(homedir(), '.mcpkit', 'gateway-oauth.json');

interface FileContents {
  clients: Record<string, ClientCredentials>;
  tokens: Record<string, StoredTokens>;
}

/**
 * An `OAuthStore` in one JSON file that only its owner can read or write (mode 0600, in a folder of
 * mode 0700): client registrations per issuer and tokens per resource, so a login survives restarts
 * and refreshed tokens are kept. Writes go to a temporary file renamed over the old one, so a crash
 * never leaves half a file.
 */
export class FileOAuthStore implements OAuthStore {
  readonly path: string;
  #writing: Promise<void> = Promise.resolve();

  /** `path` may start with `~/`, for the user's home folder. */
  constructor(path: string = DEFAULT_TOKEN_FILE) {
    this.path = path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;
  }

  async #read(): Promise<FileContents> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { clients: {}, tokens: {} };
      throw error;
    }
    let parsed: Partial<FileContents>;
    try {
      parsed = JSON.parse(text) as Partial<FileContents>;
    } catch (error) {
      throw new Error(
        `${this.path} is not JSON (${error instanceof Error ? error.message : String(error)}); fix or delete it to log in again`,
      );
    }
    return { clients: parsed.clients ?? {}, tokens: parsed.tokens ?? {} };
  }

  #update(change: (contents: FileContents) => void): Promise<void> {
    // One write at a time: each reads what the previous one wrote.
    this.#writing = this.#writing.then(async () => {
      const contents = await this.#read();
      change(contents);
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(contents, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, this.path);
    });
    return this.#writing;
  }

  async getClient(issuer: string): Promise<ClientCredentials | undefined> {
    await this.#writing;
    return (await this.#read()).clients[issuer];
  }

  setClient(issuer: string, client: ClientCredentials): Promise<void> {
    return this.#update((contents) => {
      contents.clients[issuer] = client;
    });
  }

  async getTokens(resource: string): Promise<StoredTokens | undefined> {
    await this.#writing;
    return (await this.#read()).tokens[resource];
  }

  setTokens(resource: string, tokens: StoredTokens | undefined): Promise<void> {
    return this.#update((contents) => {
      if (tokens === undefined) delete contents.tokens[resource];
      else contents.tokens[resource] = tokens;
    });
  }
}

/** Options of `oauthLogin`. */
export interface OAuthLoginOptions {
  /** The MCP server the tokens are for. */
  serverUrl: string;
  /** Where tokens are kept (default `DEFAULT_TOKEN_FILE`). */
  tokenFile?: string;
  /** The name shown on the authorization server's consent page (default `mcpkit-gateway`). */
  clientName?: string;
  /** A Client ID Metadata Document URL, used where the authorization server supports it. */
  clientMetadataUrl?: string;
  /** Port of the loopback redirect on 127.0.0.1 (default any free port). */
  redirectPort?: number;
  /** Shows the authorization URL: default writes it to stderr and, with `openBrowser`, opens it. */
  open?: (url: URL) => void | Promise<void>;
  /** Open the system browser at the authorization URL (default true). */
  openBrowser?: boolean;
  /** Problems opening the browser. */
  onerror?: (error: Error) => void;
}

/** An OAuth login for an HTTP upstream: pass `provider` as the upstream's `auth`; `close` stops the redirect receiver. */
export interface OAuthLogin {
  provider: OAuthClientProvider;
  /** Stops the loopback redirect receiver; a login still waiting fails. */
  close(): Promise<void>;
}

/** The command that opens a URL in the user's browser on this platform. */
function browserCommand(url: string): [string, string[]] {
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['cmd', ['/c', 'start', '', url]];
  return ['xdg-open', [url]];
}

/**
 * Logs in to an MCP server with `@mcpkit/auth-client`: a loopback redirect on 127.0.0.1, the
 * authorization URL shown on stderr (never stdout, which carries the stdio protocol) and opened in
 * the browser, tokens kept in a file readable by the user only and refreshed when they expire.
 * The login happens on the first request that gets a 401.
 */
export async function oauthLogin(options: OAuthLoginOptions): Promise<OAuthLogin> {
  const onerror = options.onerror ?? (() => undefined);
  const open =
    options.open ??
    ((url: URL) => {
      process.stderr.write(`mcpkit-gateway: sign in to ${options.serverUrl} at ${url.href}\n`);
      if (options.openBrowser === false) return;
      const [command, args] = browserCommand(url.href);
      const child = spawn(command, args, { stdio: 'ignore', detached: true });
      child.on('error', (error) =>
        onerror(new Error(`could not open a browser with ${command}: ${error.message}`)),
      );
      child.unref();
    });
  const loopback = await startLoopbackRedirect({
    open,
    ...(options.redirectPort === undefined ? {} : { port: options.redirectPort }),
  });
  const clientMetadata: ClientMetadata = { client_name: options.clientName ?? 'mcpkit-gateway' };
  const provider = new OAuthClientProvider({
    serverUrl: options.serverUrl,
    redirectUri: loopback.redirectUri,
    authorize: loopback.authorize,
    store: new FileOAuthStore(options.tokenFile),
    clientMetadata,
    ...(options.clientMetadataUrl === undefined ? {} : { clientMetadataUrl: options.clientMetadataUrl }),
  });
  return { provider, close: () => loopback.close() };
}

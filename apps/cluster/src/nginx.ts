import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, type ManagedProcess, startProcess, waitFor } from './processes.js';

/** Where Debian's nginx package puts the binary (`.ci/run` installs it when missing). */
export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

/**
 * The nginx configuration of the topology: one round-robin upstream of the server processes, no
 * sticky sessions, streaming responses passed through as they come. Everything nginx writes
 * (pid, logs, temp files) stays in `dir`, so it needs no root and no port 80.
 */
export function nginxConfig(dir: string, listenPort: number, upstreamPorts: readonly number[]): string {
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Round-robin (the default), no ip_hash or cookie: any process may get any request of a session.
  upstream mcp {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location /mcp {
      proxy_pass http://mcp;
      # HTTP/1.1 with an empty Connection header: keep-alive to the upstreams, SSE streams work.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # SSE events must reach the client as they are written, not when a buffer fills.
      proxy_buffering off;
      proxy_cache off;
      # A GET stream or a long call may stay quiet for a while (the servers send keep-alive
      # comments every 15 s): far longer than nginx's 60 s default.
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
      # The servers accept bodies up to 4 MiB (maxBodyBytes); nginx's default limit is 1 MiB. Kept
      # in memory: no temp file, which a worker running as another user could not write here.
      client_max_body_size 4m;
      client_body_buffer_size 4m;
      # Mcp-Session-Id, Mcp-Protocol-Version and Last-Event-ID pass through as every other
      # request header does (nginx drops only headers with underscores); said here to be explicit.
      proxy_set_header Mcp-Session-Id $http_mcp_session_id;
      proxy_set_header Last-Event-ID $http_last_event_id;
      proxy_pass_header Mcp-Session-Id;
    }
  }
}
`;
}

/** A running nginx in front of the servers. */
export interface NginxNode {
  port: number;
  /** The MCP endpoint through nginx. */
  url: URL;
  process: ManagedProcess;
  configPath: string;
  stop(): Promise<void>;
}

/** Writes the configuration into `dir` and starts nginx in the foreground on a free port. */
export async function startNginx(dir: string, upstreamPorts: readonly number[]): Promise<NginxNode> {
  if (!existsSync(NGINX)) {
    throw new Error(
      `${NGINX} is missing: install Debian's nginx (apt-get install -y nginx; .ci/run installs it when missing)`,
    );
  }
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const configPath = join(dir, 'nginx.conf');
  writeFileSync(configPath, nginxConfig(dir, port, upstreamPorts));
  // -p: the prefix for relative paths; -e: errors before the config is read go to our file, not /var/log.
  const nginx = startProcess('nginx', NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', configPath], {
    guard: true,
  });
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  await waitFor(
    async () => {
      if (!nginx.alive()) throw new Error(`nginx exited at start: ${nginx.lines.join(' | ')}`);
      try {
        await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(1000) });
        return true;
      } catch {
        return false;
      }
    },
    `nginx on port ${port}`,
    30_000,
  );
  // SIGTERM is nginx's fast shutdown (SIGQUIT would wait for open SSE streams to end).
  return { port, url, process: nginx, configPath, stop: () => nginx.stop() };
}

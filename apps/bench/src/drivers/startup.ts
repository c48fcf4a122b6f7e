import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CLIENT_INFO } from '../clients/types.js';
import { PROTOCOL_VERSION } from '../servers/fixtures.js';

// A bare `node -e` process answering initialize and tools/list with plain JSON: what node itself
// costs before zod or any SDK is loaded (the startup row's `bareNodeMs` detail).
const BARE_NODE_SERVER = `
let b='';process.stdin.setEncoding('utf8');process.stdin.on('data',c=>{b+=c;let i;
while((i=b.indexOf('\\n'))>=0){const l=b.slice(0,i);b=b.slice(i+1);if(!l)continue;const m=JSON.parse(l);
if(m.id===undefined)continue;const r=m.method==='initialize'
?{protocolVersion:m.params.protocolVersion,capabilities:{tools:{}},serverInfo:{name:'bare',version:'1'}}
:{tools:[{name:'echo',inputSchema:{type:'object'}}]};
process.stdout.write(JSON.stringify({jsonrpc:'2.0',id:m.id,result:r})+'\\n');}});`;

/** The raw startup row: the raw stdio server after loading zod and converting the tools' schemas. */
export const ZOD_FLOOR_SCRIPT = fileURLToPath(new URL('../servers/zod-stdio.js', import.meta.url));

/**
 * Milliseconds from spawning the server (`null`: the bare node baseline) to its first
 * tools/list answer. The client side is the same plain-JSON code for every server, so the
 * figure is the server's startup alone. `env`: the server's environment (the compile-cache row
 * sets NODE_COMPILE_CACHE there).
 */
export async function startupProbe(
  serverScript: string | null,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const startedAt = performance.now();
  const args = serverScript === null ? ['-e', BARE_NODE_SERVER] : [serverScript];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  try {
    return await new Promise<number>((resolve, reject) => {
      let buffered = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        let newline = buffered.indexOf('\n');
        while (newline >= 0) {
          const message = JSON.parse(buffered.slice(0, newline)) as {
            id?: number;
            result?: { tools?: unknown[] };
          };
          buffered = buffered.slice(newline + 1);
          if (message.id === 1) {
            send({ jsonrpc: '2.0', method: 'notifications/initialized' });
            send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
          } else if (message.id === 2) {
            if (!Array.isArray(message.result?.tools))
              reject(new Error('tools/list answer has no tools array'));
            resolve(performance.now() - startedAt);
          }
          newline = buffered.indexOf('\n');
        }
      });
      child.once('exit', (code) =>
        reject(new Error(`server exited with code ${code} before answering tools/list`)),
      );
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
      });
    });
  } finally {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}

// The built `mcpkit` command against the echo server, over stdio and Streamable HTTP: what it
// prints (text and --json) and the exit status scripts rely on.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOAuthProxy } from './test-helpers/oauth-proxy.js';
import {
  CLI,
  ECHO_SERVER,
  ECHO_STDIO,
  type HttpEchoServer,
  runMcpkit,
  startHttpEchoServer,
  stop,
} from './test-helpers/spawn.js';

let http: HttpEchoServer;
beforeAll(async () => {
  http = await startHttpEchoServer();
});
afterAll(async () => {
  if (http) await stop(http.process);
});

/** The same command line against each transport: the URL first, or the stdio command after `--`. */
const transports: Array<[string, (args: string[]) => string[]]> = [
  ['stdio', (args) => [...args, ...ECHO_STDIO]],
  ['http', (args) => [args[0]!, http.url, ...args.slice(1)]],
];

describe.each(transports)('over %s', (_name, line) => {
  it('inspect --json reports the server, its capabilities, tools with input schemas, templates and prompts', async () => {
    const run = await runMcpkit(line(['inspect', '--json']));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.serverInfo).toMatchObject({ name: 'mcpkit-echo' });
    expect(Object.keys(report.capabilities)).toEqual(
      expect.arrayContaining(['tools', 'resources', 'prompts']),
    );
    expect(report.tools).toEqual([
      expect.objectContaining({
        name: 'echo',
        inputSchema: expect.objectContaining({
          properties: { message: expect.objectContaining({ type: 'string' }) },
        }),
      }),
    ]);
    expect(report.resources).toEqual([]);
    expect(report.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      'echo://{message}',
    ]);
    expect(report.prompts.map((p: { name: string }) => p.name)).toEqual(['echo']);
  });

  it('inspect prints the same as text', async () => {
    const run = await runMcpkit(line(['inspect']));
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^mcpkit-echo 0\.0\.0/);
    expect(run.stdout).toContain('Tools (1)\n  echo');
    expect(run.stdout).toContain('echo://{message}');
  });

  it('call --arg prints the tool result; --json prints it as JSON', async () => {
    const text = await runMcpkit(line(['call', 'echo', '--arg', 'message=hello there']));
    expect([text.status, text.stdout]).toEqual([0, 'hello there\n']);
    const json = await runMcpkit(line(['call', 'echo', '--input', '{"message":"from json"}', '--json']));
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).content).toEqual([{ type: 'text', text: 'from json' }]);
  });

  it('call coerces --arg by the input schema: a string property keeps digits as text', async () => {
    const run = await runMcpkit(line(['call', 'echo', '--arg', 'message=42', '--json']));
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).content).toEqual([{ type: 'text', text: '42' }]);
  });

  it('call exits 1 on a tool result with isError, printing the result', async () => {
    const run = await runMcpkit(line(['call', 'echo', '--input', '{"message":5}', '--json']));
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).isError).toBe(true);
    expect(run.stderr).toContain('tool "echo" reported an error (isError: true)');
  });

  it('call exits 1 on an unknown tool, naming the tools there are', async () => {
    const run = await runMcpkit(line(['call', 'nope']));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('the server has no tool "nope"; its tools: echo');
  });

  it('read prints the resource text; --json the whole result', async () => {
    const text = await runMcpkit(line(['read', 'echo://hello%20world']));
    expect([text.status, text.stdout]).toEqual([0, 'hello world\n']);
    const json = await runMcpkit(line(['read', 'echo://hi', '--json']));
    expect(JSON.parse(json.stdout).contents).toEqual([
      expect.objectContaining({ uri: 'echo://hi', text: 'hi' }),
    ]);
  });

  it('prompt prints the messages; --json the whole result', async () => {
    const text = await runMcpkit(line(['prompt', 'echo', '--arg', 'message=yo']));
    expect([text.status, text.stdout]).toEqual([0, 'user: yo\n']);
    const json = await runMcpkit(line(['prompt', 'echo', '-a', 'message=yo', '--json']));
    expect(JSON.parse(json.stdout).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'yo' } },
    ]);
  });

  it('prompt exits 1 when the server refuses the call (unknown prompt)', async () => {
    const run = await runMcpkit(line(['prompt', 'missing']));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/getting prompt "missing": the server answered with error -326\d\d/);
  });
});

describe('exit status 2: usage errors, found before the server is started', () => {
  it.each([
    [['call', 'echo', '--arg', 'message'], '--arg "message": expected key=value'],
    [['call', 'echo', '--input', '{oops'], '--input is not JSON'],
    [['call', 'echo', '--input', '[1]'], '--input must be a JSON object of tool arguments, got an array'],
    [['call', '--arg', 'message=x'], 'mcpkit call takes <tool> after the server; got none'],
    [['inspect', '--bogus'], "Unknown option '--bogus'"],
    [['nonsense'], 'unknown command "nonsense"'],
  ])('%j', async (args, message) => {
    const run = await runMcpkit([...args, ...ECHO_STDIO]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
  });

  it('a server that is neither a URL nor after "--"', async () => {
    const run = await runMcpkit(['inspect', 'server.js']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      '"server.js" is not a server: expected an http(s) URL, or "-- <command> [args…]"',
    );
  });

  it('a header without a colon', async () => {
    const run = await runMcpkit(['inspect', 'http://127.0.0.1:9/mcp', '-H', 'Authorization Bearer x']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--header "Authorization Bearer x": expected "Name: value"');
  });

  it('an --arg value that starts like JSON but is not (schema-typed coercion: tool-arguments.test.ts)', async () => {
    const run = await runMcpkit(['call', 'echo', '--arg', 'extra={bad', ...ECHO_STDIO]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--arg extra={bad: the value starts like JSON but does not parse');
  });
});

describe('help', () => {
  it('--help prints the usage on stdout and exits 0; no command prints it on stderr and exits 2', async () => {
    const help = await runMcpkit(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit status: 0 ok; 1 the server answered with an error');
    const commandHelp = await runMcpkit(['call', '--help']);
    expect([commandHelp.status, commandHelp.stdout]).toEqual([0, help.stdout]);
    const none = await runMcpkit([]);
    expect([none.status, none.stdout]).toEqual([2, '']);
    expect(none.stderr).toContain('Usage:');
  });

  it('leaves a --help after "--" to the server command', async () => {
    const run = await runMcpkit(['inspect', '--json', '--', process.execPath, ECHO_SERVER, '--help']);
    // The echo server prints its own help and exits, so there is no server to connect to.
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
  });
});

describe('exit status 3: the server cannot be reached', () => {
  it('a server that exits at once', async () => {
    const run = await runMcpkit([
      'inspect',
      '--',
      process.execPath,
      '-e',
      'process.stderr.write("broken config"); process.exit(5)',
    ]);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('could not connect to');
    expect(run.stderr).toContain('broken config');
  });

  it('an unreachable URL', async () => {
    // A port just freed by a stopped server: nothing listens there.
    const gone = await startHttpEchoServer();
    await stop(gone.process);
    const run = await runMcpkit(['inspect', gone.url]);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain(`could not connect to ${gone.url}`);
    expect(run.stderr).toContain('ECONNREFUSED');
  });

  it('a command that cannot be spawned', async () => {
    const run = await runMcpkit(['inspect', '--', 'mcpkit-no-such-command-here']);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain(
      "could not connect to mcpkit-no-such-command-here: Cannot start server process 'mcpkit-no-such-command-here'",
    );
  });
});

describe('headers and conformance', () => {
  it('sends --header with the HTTP requests, and works with the echo server', async () => {
    const run = await runMcpkit([
      'call',
      http.url,
      'echo',
      '-a',
      'message=ok',
      '-H',
      'Authorization: Bearer token-1',
    ]);
    expect([run.status, run.stdout]).toEqual([0, 'ok\n']);
    const seen: Array<string | undefined> = [];
    const refusing = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(401, { 'content-type': 'text/plain' }).end('no');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = refusing.address() as AddressInfo;
      const refused = await runMcpkit([
        'inspect',
        `http://127.0.0.1:${port}/mcp`,
        '-H',
        'Authorization: Bearer token-2',
      ]);
      expect(refused.status).toBe(3);
      expect(refused.stderr).toContain('401');
      expect(seen[0]).toBe('Bearer token-2');
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('refuses --header for a stdio server', async () => {
    const run = await runMcpkit(['inspect', '-H', 'X-A: b', ...ECHO_STDIO]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--header and --oauth apply to HTTP servers only');
  });

  it('conformance outside an mcpkit checkout exits 2 saying where it looked and how to run it', async () => {
    const run = await runMcpkit(['conformance', '--help'], tmpdir());
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('mcpkit conformance needs the conformance app, which is not published');
    expect(run.stderr).toContain('node apps/conformance/dist/cli.js');
  });

  it('conformance runs the conformance app of the checkout', async () => {
    const run = await runMcpkit(['conformance', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('mcpkit-conformance');
  });
});

describe('--oauth', () => {
  it('signs in through the loopback redirect (the URL printed on stderr), then calls with the token', async () => {
    const proxy = await startOAuthProxy(http.url);
    const child = spawn(
      process.execPath,
      [CLI, 'call', proxy.mcpUrl, 'echo', '-a', 'message=signed in', '--oauth'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      // The "browser": open the printed URL, follow the authorization server's redirect to the loopback.
      const authorizationUrl = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (text: string) => {
          stderr += text;
          const match = /sign in:\n(\S+)/.exec(stderr);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`mcpkit exited before printing a URL; stderr: ${stderr}`)));
      });
      const authorize = await fetch(authorizationUrl, { redirect: 'manual' });
      const callback = await fetch(authorize.headers.get('location')!);
      expect(callback.status).toBe(200);
      expect(await exited).toBe(0);
      expect(stdout).toBe('signed in\n');
      expect(proxy.seen).toEqual(expect.arrayContaining(['POST /register', 'GET /authorize', 'POST /token']));
    } finally {
      await stop(child);
      await proxy.close();
    }
  });
});

// MCPKIT_DEBUG=wire, end to end with a real stdio server process: each JSON-RPC message in and out
// is logged to stderr, stdout carries the protocol and nothing else, and without the switch stderr
// stays silent.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../workspace/repo.js';

const echoBin = join(repoRoot, 'apps/echo-server/dist/bin.js');

const conversation = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'wire-test', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hello' } } },
];

interface Run {
  stdout: string;
  stderr: string;
}

/** Runs the echo server over stdio through `conversation`, ends its stdin once id 2 is answered. */
async function converse(env: NodeJS.ProcessEnv): Promise<Run> {
  const child: ChildProcess = spawn(process.execPath, [echoBin, '--stdio', '--quiet'], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const answered = new Promise<void>((resolve) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.split('\n').some((line) => line.includes('"id":2'))) resolve();
    });
  });
  for (const message of conversation) child.stdin!.write(`${JSON.stringify(message)}\n`);
  await answered;
  child.stdin!.end();
  expect(await exited).toBe(0);
  return { stdout, stderr };
}

function withoutDebug(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.MCPKIT_DEBUG;
  return env;
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

describe('MCPKIT_DEBUG=wire on a stdio server process', () => {
  it('logs every message in and out to stderr, and stdout carries only protocol messages', async () => {
    const { stdout, stderr } = await converse({ ...withoutDebug(), MCPKIT_DEBUG: 'wire' });

    const sent = lines(stdout).map((line) => JSON.parse(line) as { jsonrpc: string; id?: number });
    expect(sent.map((message) => [message.jsonrpc, message.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
    ]);

    const logged = lines(stderr).map((line) => {
      const match = /^mcpkit:wire stdio-server (in|out) (\{.*\})$/.exec(line);
      expect(match, `an unexpected stderr line: ${line}`).not.toBeNull();
      return { direction: match![1], message: JSON.parse(match![2]!) as unknown };
    });
    // In and out interleave as the server reads ahead; each direction keeps its order.
    const of = (direction: string) =>
      logged.filter((entry) => entry.direction === direction).map((entry) => entry.message);
    expect(of('in')).toEqual(conversation);
    expect(of('out')).toEqual(sent);
    expect(logged).toHaveLength(conversation.length + sent.length);
  });

  it('MCPKIT_DEBUG with other topics only (or unset) leaves stderr silent', async () => {
    for (const env of [withoutDebug(), { ...withoutDebug(), MCPKIT_DEBUG: 'other' }]) {
      const { stdout, stderr } = await converse(env);
      expect(lines(stdout)).toHaveLength(2);
      expect(stderr).toBe('');
    }
  });
});

import type { JsonRpcError } from '@mcpkit/jsonrpc';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from './server.js';
import { connect } from './test-helpers/harness.js';

function promptServer() {
  const server = new McpServer({ name: 'test', version: '1.0.0' });
  server.prompt(
    'test_simple_prompt',
    { description: 'simple' },
    () => 'This is a simple prompt for testing.',
  );
  server.prompt(
    'test_prompt_with_arguments',
    {
      title: 'With arguments',
      description: 'args',
      arguments: z.object({
        arg1: z.string().describe('First'),
        arg2: z.string(),
        arg3: z.string().optional(),
      }),
      complete: {
        arg1: (value, { arguments: args }) =>
          ['alpha', 'beta', `ctx-${args.arg2 ?? ''}`].filter((v) => v.startsWith(value)),
      },
    },
    ({ arg1, arg2 }) => `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`,
  );
  server.prompt('plain_args', { arguments: [{ name: 'resourceUri', required: true }] }, (args) => [
    {
      role: 'user',
      content: {
        type: 'resource',
        resource: { uri: args.resourceUri!, mimeType: 'text/plain', text: 'Embedded' },
      },
    },
    { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
  ]);
  return server;
}

describe('prompts', () => {
  it('lists prompts with arguments derived from zod', async () => {
    const { request } = await connect(promptServer());
    const result = await request('prompts/list');
    expect(result.prompts).toEqual([
      { name: 'test_simple_prompt', description: 'simple' },
      {
        name: 'test_prompt_with_arguments',
        title: 'With arguments',
        description: 'args',
        arguments: [
          { name: 'arg1', description: 'First', required: true },
          { name: 'arg2', required: true },
          { name: 'arg3' },
        ],
      },
      { name: 'plain_args', arguments: [{ name: 'resourceUri', required: true }] },
    ]);
  });

  it('gets prompts from every return shape', async () => {
    const { request } = await connect(promptServer());
    expect(await request('prompts/get', { name: 'test_simple_prompt' })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
    });
    expect(
      await request('prompts/get', {
        name: 'test_prompt_with_arguments',
        arguments: { arg1: 'a', arg2: 'b' },
      }),
    ).toEqual({
      messages: [
        { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='a', arg2='b'" } },
      ],
    });
    const embedded = await request('prompts/get', {
      name: 'plain_args',
      arguments: { resourceUri: 'test://x' },
    });
    expect(embedded.messages).toHaveLength(2);
  });

  it('rejects an unknown prompt and missing or invalid arguments with -32602', async () => {
    const { request } = await connect(promptServer());
    const unknown = (await request('prompts/get', { name: 'nope' }).catch((e: unknown) => e)) as JsonRpcError;
    expect([unknown.code, unknown.message]).toEqual([-32602, "Unknown prompt: 'nope'"]);
    const missing = (await request('prompts/get', {
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'a' },
    }).catch((e: unknown) => e)) as JsonRpcError;
    expect(missing.code).toBe(-32602);
    expect(missing.message).toMatch(/^Invalid arguments for prompt 'test_prompt_with_arguments': arg2: /);
    const plain = (await request('prompts/get', { name: 'plain_args' }).catch(
      (e: unknown) => e,
    )) as JsonRpcError;
    expect(plain.message).toBe("Missing required argument 'resourceUri' for prompt 'plain_args'");
    const wrongType = (await request('prompts/get', {
      name: 'plain_args',
      arguments: { resourceUri: 5 },
    }).catch((e: unknown) => e)) as JsonRpcError;
    expect(wrongType.message).toBe(
      "Invalid params for 'prompts/get': params.arguments.resourceUri: expected string, received number 5",
    );
  });
});

describe('completion/complete', () => {
  it('completes prompt arguments with context', async () => {
    const { request } = await connect(promptServer());
    const result = await request('completion/complete', {
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: '' },
      context: { arguments: { arg2: 'z' } },
    });
    expect(result).toEqual({ completion: { values: ['alpha', 'beta', 'ctx-z'], total: 3, hasMore: false } });
    const none = await request('completion/complete', {
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg2', value: 'x' },
    });
    expect(none).toEqual({ completion: { values: [], hasMore: false } });
  });

  it('completes template variables and caps values at 100', async () => {
    const server = new McpServer({ name: 't', version: '1' });
    server.resourceTemplate(
      'a://{id}',
      { name: 'ids', complete: { id: (value) => Array.from({ length: 150 }, (_, i) => `${value}${i}`) } },
      () => '',
    );
    const { request } = await connect(server);
    const result = (await request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'a://{id}' },
      argument: { name: 'id', value: 'x' },
    })) as { completion: { values: string[]; total: number; hasMore: boolean } };
    expect(result.completion.values).toHaveLength(100);
    expect(result.completion.values[0]).toBe('x0');
    expect(result.completion.total).toBe(150);
    expect(result.completion.hasMore).toBe(true);
  });

  it('rejects unknown references with -32602', async () => {
    const { request } = await connect(promptServer());
    const error = (await request('completion/complete', {
      ref: { type: 'ref/resource', uri: 'nope://{x}' },
      argument: { name: 'x', value: '' },
    }).catch((e: unknown) => e)) as JsonRpcError;
    expect([error.code, error.message]).toEqual([-32602, "Unknown resource template: 'nope://{x}'"]);
  });
});

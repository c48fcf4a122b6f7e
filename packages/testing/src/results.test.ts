import { McpServer } from '@mcpkit/server';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import {
  callToolError,
  callToolOk,
  callToolStructured,
  callToolText,
  connectInProcess,
  type InProcessConnection,
  ToolResultError,
  textOf,
  textsOf,
} from './index.js';

const Forecast = z.object({ city: z.string(), celsius: z.number() });

function weatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.tool('forecast', { inputSchema: { city: z.string() }, outputSchema: Forecast }, ({ city }) => ({
    city,
    celsius: 21,
  }));
  server.tool('broken', {}, () => {
    throw new Error('sensor offline');
  });
  server.tool('plain', {}, () => ({
    content: [
      { type: 'text', text: 'one' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'text', text: 'two' },
    ],
  }));
  // Lies about its output to a client that has not listed tools (so the client does not check it).
  server.tool('liar', {}, () => ({ content: [], structuredContent: { city: 7 } }));
  return server;
}

let connection: InProcessConnection;
afterEach(async () => {
  await connection.close();
});

describe('tool result helpers', () => {
  it('callToolStructured types structuredContent from the output schema', async () => {
    connection = await connectInProcess(weatherServer());
    const forecast = await callToolStructured(
      connection.client,
      'forecast',
      { city: 'Oslo' },
      {
        outputSchema: Forecast,
      },
    );
    expectTypeOf(forecast).toEqualTypeOf<{ city: string; celsius: number }>();
    expect(forecast).toEqual({ city: 'Oslo', celsius: 21 });
    const untyped = await callToolStructured<{ celsius: number }>(connection.client, 'forecast', {
      city: 'Rome',
    });
    expectTypeOf(untyped).toEqualTypeOf<{ celsius: number }>();
    expect(untyped.celsius).toBe(21);
  });

  it('callToolStructured fails naming each path the output schema rejects', async () => {
    connection = await connectInProcess(weatherServer());
    await expect(
      callToolStructured(connection.client, 'liar', {}, { outputSchema: Forecast }),
    ).rejects.toThrow(
      /tool 'liar' answered structuredContent that does not match outputSchema: city: .*; celsius: /,
    );
  });

  it('callToolStructured fails readably without structuredContent', async () => {
    connection = await connectInProcess(weatherServer());
    await expect(callToolStructured(connection.client, 'plain')).rejects.toThrow(
      `tool 'plain' answered without structuredContent (does it declare an outputSchema?); its text: "one\\ntwo"`,
    );
  });

  it('the helpers throw a ToolResultError quoting the tool’s error text when isError', async () => {
    connection = await connectInProcess(weatherServer());
    const failure = await callToolText(connection.client, 'broken').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ToolResultError);
    expect((failure as ToolResultError).message).toBe("tool 'broken' answered isError: sensor offline");
    expect((failure as ToolResultError).toolName).toBe('broken');
    expect((failure as ToolResultError).result.isError).toBe(true);
    await expect(callToolOk(connection.client, 'broken')).rejects.toThrow('sensor offline');
    await expect(callToolStructured(connection.client, 'broken')).rejects.toThrow('sensor offline');
  });

  it('callToolError returns the error text, and fails when the tool succeeds', async () => {
    connection = await connectInProcess(weatherServer());
    expect(await callToolError(connection.client, 'broken')).toBe('sensor offline');
    await expect(callToolError(connection.client, 'plain')).rejects.toThrow(
      `tool 'plain' succeeded but an isError result was expected; its text: "one\\ntwo"`,
    );
  });

  it('textOf and textsOf keep the text blocks only, in order', async () => {
    connection = await connectInProcess(weatherServer());
    const result = await callToolOk(connection.client, 'plain');
    expect(textsOf(result)).toEqual(['one', 'two']);
    expect(textOf(result)).toBe('one\ntwo');
    expect(textOf({ content: [] })).toBe('');
  });
});

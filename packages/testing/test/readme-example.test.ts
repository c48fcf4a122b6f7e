import { McpServer, visibleWithScopes } from '@mcpkit/server';
import { callToolStructured, connectInProcess } from '@mcpkit/testing';
import { expect, it } from 'vitest';
import * as z from 'zod';

const Forecast = z.object({ city: z.string(), celsius: z.number() });

function weatherServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.tool(
    'forecast',
    { inputSchema: { city: z.string() }, outputSchema: Forecast, visible: visibleWithScopes('weather:read') },
    async ({ city }, ctx) => {
      await ctx.progress(1, 2, 'asking the sensors');
      await ctx.log.info(`forecast for ${city}, tenant ${ctx._meta?.['example.com/tenant']}`);
      return { city, celsius: 21 };
    },
  );
  return server;
}

it('forecasts for a caller with weather:read, with progress and a log line', async () => {
  const { client, notifications, close } = await connectInProcess(weatherServer(), {
    authInfo: { token: 'test-token', clientId: 'ci', scopes: ['weather:read'] },
    _meta: { 'example.com/tenant': 'acme' },
  });
  // Typed by the output schema: { city: string; celsius: number }.
  const forecast = await callToolStructured(client, 'forecast', { city: 'Oslo' }, { outputSchema: Forecast });
  expect(forecast.celsius).toBe(21);
  expect(notifications.progress('forecast')).toMatchObject([{ progress: 1, total: 2 }]);
  expect(notifications.logs()).toEqual([{ level: 'info', data: 'forecast for Oslo, tenant acme' }]);
  await close();
});

it('hides the tool from a caller without the scope, at 2026-07-28 too', async () => {
  const server = new McpServer({ name: 'weather', version: '1.0.0' }, { protocolVersions: ['2026-07-28'] });
  server.tool('forecast', { visible: visibleWithScopes('weather:read') }, () => 'sunny');
  const { client, close } = await connectInProcess(server, {
    protocolVersion: '2026-07-28',
    authInfo: { token: 'test-token', clientId: 'ci', scopes: [] },
  });
  expect(await client.listAllTools()).toEqual([]);
  await expect(client.callTool({ name: 'forecast' })).rejects.toThrow("Unknown tool: 'forecast'");
  await close();
});

it('tells the client when the tool list changes', async () => {
  const server = weatherServer();
  const { notifications, close } = await connectInProcess(server);
  server.tool('radar', {}, () => 'clear');
  await notifications.waitFor('notifications/tools/list_changed');
  await close();
});

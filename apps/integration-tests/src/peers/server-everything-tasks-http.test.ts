// Our client runs server-everything's task-only research tool as a 2025-11-25 task over Streamable
// HTTP, where the server delivers the task's question on the tasks/result stream.
import { McpClient } from '@mcpkit/client';
import type { ElicitRequestParams } from '@mcpkit/protocol';
import { StreamableHttpClientTransport } from '@mcpkit/transport-http-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EverythingServer, startEverything } from '../http-client/test-helpers/everything.js';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

describe('server-everything tasks over Streamable HTTP', () => {
  let everything: EverythingServer;
  beforeAll(async () => {
    everything = await startEverything('streamableHttp');
  }, 20_000);
  afterAll(async () => {
    await everything?.stop();
  });

  it('runs the research tool as a task, answering its clarification', { timeout: 30_000 }, async () => {
    const questions: ElicitRequestParams[] = [];
    const client = new McpClient(
      { name: 'mcpkit-tasks-http', version: '1.0.0' },
      {
        elicitation: (params) => {
          questions.push(params);
          return { action: 'accept', content: { interpretation: 'historical' } };
        },
      },
    );
    await client.connect(new StreamableHttpClientTransport(`${everything.origin}/mcp`));
    try {
      expect(client.protocolVersion).toBe('2025-11-25');
      const handle = await client.callToolAsTask(
        { name: 'simulate-research-query', arguments: { topic: 'tides', ambiguous: true } },
        { ttl: 60_000 },
      );
      const result = await handle.result({ timeoutMs: 20_000 });
      const report = result.content.map((block) => ('text' in block ? block.text : '')).join('');
      expect(report).toContain('# Research Report: tides (historical)');
      expect(questions.map((question) => question._meta?.[RELATED_TASK])).toEqual([
        { taskId: handle.taskId },
      ]);
      expect((await client.getTask(handle.taskId)).status).toBe('completed');
    } finally {
      await client.close();
    }
  });
});

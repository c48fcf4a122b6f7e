import { connectClient } from '../client.js';
import { waitFor } from '../processes.js';
import { type Check, expect, sessionLogs } from './types.js';

const COUNT = 10;
const STEP_MS = 400;

/**
 * kill -9 of the process running a call and holding its SSE stream, after a few progress events:
 * the client's stream breaks, it resumes with Last-Event-ID through nginx, which sends it to another
 * process; that process replays what the dead one stored, sees its liveness lapse and runs the
 * (idempotent) call again, leaving out the progress the client already has. Every progress event
 * and the result arrive exactly once, in order. It leaves the killed process dead: run it last.
 */
export const killHolder: Check = {
  name: 'kill-holder',
  description:
    'kill -9 of the process streaming a call: the client resumes through another, each progress event and the result once, in order',
  async run({ topology, progress: report }) {
    const client = await connectClient(topology.url);
    try {
      const sessionId = client.sessionId();
      const seen: number[] = [];
      const answer = client.client.callTool(
        { name: 'count', arguments: { count: COUNT, ms: STEP_MS } },
        { onprogress: (update) => void seen.push(update.progress), timeoutMs: 120_000 },
      );
      await waitFor(() => seen.length >= 3, 'three progress events of the count call', 60_000);
      const call = sessionLogs(topology, sessionId).find(
        (entry) => entry.event === 'message' && entry.method === 'tools/call',
      );
      expect(call !== undefined, `no process logged the tools/call of session ${sessionId}`);
      const victim = topology.servers.find((server) => server.instanceId === call.instance)!;
      victim.process.child.kill('SIGKILL');
      await victim.process.exited();
      report(`  killed ${victim.instanceId} (kill -9) after progress ${seen.join(', ')}`);
      const result = await answer;
      const first = result.content[0];
      const text = first?.type === 'text' ? first.text : JSON.stringify(result.content);
      const expected = Array.from({ length: COUNT }, (_, i) => i + 1);
      expect(
        JSON.stringify(seen) === JSON.stringify(expected),
        `progress arrived as [${seen.join(', ')}], expected [${expected.join(', ')}] exactly once, in order`,
      );
      const rerunOn = text.replace(/^counted on /, '');
      expect(
        rerunOn !== victim.instanceId && topology.servers.some((s) => s.instanceId === rerunOn),
        `the result ${JSON.stringify(text)} should name a surviving process, not ${victim.instanceId}`,
      );
      const resumes = sessionLogs(topology, sessionId).filter(
        (entry) => entry.event === 'http' && entry.httpMethod === 'GET' && entry.lastEventId !== undefined,
      );
      expect(
        resumes.some((entry) => entry.instance !== victim.instanceId),
        `no GET with Last-Event-ID reached a process other than ${victim.instanceId}`,
      );
      // The two processes left still serve the session's next request.
      expect(
        (await client.call('whoami')) !== victim.instanceId,
        'a call was answered by the killed process',
      );
      return `killed ${victim.instanceId} after ${3} progress events; resumed on ${rerunOn}: progress 1..${COUNT} once each, result "${text}"`;
    } finally {
      await client.close();
    }
  },
};

import { connectClient } from '../client.js';
import { waitFor } from '../processes.js';
import { type Check, expect, sessionLogs } from './types.js';

/**
 * (b) A tool asks the user a question (elicitation/create) while its call is open on process A;
 * the client's answer is a new POST, which nginx gives to another process B, which forwards it
 * over the message bus to A, whose tool then finishes with the answer.
 */
export const elicitationAcrossProcesses: Check = {
  name: 'elicitation',
  description: 'an elicitation asked on one process is answered through another',
  async run({ topology }) {
    const client = await connectClient(topology.url, (mcp) =>
      mcp.setElicitationHandler(async () => ({ action: 'accept', content: { colour: 'teal' } })),
    );
    try {
      const answer = await client.call('ask');
      const asker = /^asked on (\S+): teal$/.exec(answer)?.[1];
      expect(
        asker !== undefined,
        `the ask tool answered ${JSON.stringify(answer)}, expected "asked on <instance>: teal"`,
      );
      const sessionId = client.sessionId();
      const logs = () => sessionLogs(topology, sessionId);
      await waitFor(
        () => logs().some((entry) => entry.event === 'message' && entry.kind === 'response'),
        `the answer's arrival at ${asker} in the logs of session ${sessionId}`,
      );
      const forward = logs().find((entry) => entry.event === 'forward');
      expect(
        forward !== undefined,
        `no process forwarded the answer of session ${sessionId}: it was POSTed to ${asker} itself, so nothing crossed processes`,
      );
      expect(
        forward.to === asker,
        `${forward.instance} forwarded the answer to ${forward.to}, but ${asker} asked`,
      );
      expect(forward.instance !== asker, `the answer was forwarded by ${asker} to itself`);
      const arrived = logs().find((entry) => entry.event === 'message' && entry.kind === 'response');
      expect(
        arrived?.instance === asker,
        `the answer reached ${arrived?.instance}, not ${asker} which asked`,
      );
      return `asked on ${asker}, answer POSTed to ${forward.instance}, forwarded to ${asker}, call finished`;
    } finally {
      await client.close();
    }
  },
};

import { ExitCode, requestFailure } from '../exit-codes.js';
import { formatResourceContents } from '../format.js';
import { checkOperands, type ServerCommand } from './command.js';

/** `mcpkit read <server> <uri>`: reads a resource, prints its contents. */
export const readCommand: ServerCommand = {
  name: 'read',
  operands: ['uri'],
  options: {},
  summary: 'read a resource and print its text (blobs are summarised; --json prints them whole)',
  check(parsed) {
    checkOperands(this, parsed);
  },
  async run(client, parsed, output) {
    const uri = parsed.operands[0]!;
    const result = await output
      .spin(`reading ${uri}`, () => client.readResource({ uri }))
      .catch((error: unknown) => {
        throw requestFailure(`reading ${uri}`, error);
      });
    if (parsed.common.json) output.out(JSON.stringify(result, null, 2));
    else for (const contents of result.contents) output.out(formatResourceContents(contents));
    return ExitCode.Ok;
  },
};

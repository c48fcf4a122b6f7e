import { ExitCode, requestFailure } from '../exit-codes.js';
import { formatContent } from '../format.js';
import { buildStringArguments } from '../tool-arguments.js';
import { checkOperands, repeated, type ServerCommand } from './command.js';

/** `mcpkit prompt <server> <name> [--arg k=v]…`: gets a prompt, prints its messages. */
export const promptCommand: ServerCommand = {
  name: 'prompt',
  operands: ['name'],
  options: { arg: { type: 'string', short: 'a', multiple: true } },
  summary: 'get a prompt with --arg key=value arguments and print its messages',
  check(parsed) {
    checkOperands(this, parsed);
    buildStringArguments(repeated(parsed, 'arg'));
  },
  async run(client, parsed, output) {
    const name = parsed.operands[0]!;
    const args = buildStringArguments(repeated(parsed, 'arg'));
    const result = await output
      .spin(`getting prompt ${name}`, () => client.getPrompt({ name, arguments: args }))
      .catch((error: unknown) => {
        throw requestFailure(`getting prompt "${name}"`, error);
      });
    if (parsed.common.json) {
      output.out(JSON.stringify(result, null, 2));
    } else {
      if (result.description) output.out(result.description);
      for (const message of result.messages) output.out(`${message.role}: ${formatContent(message.content)}`);
    }
    return ExitCode.Ok;
  },
};

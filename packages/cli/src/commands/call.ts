import { CliError, ExitCode, requestFailure } from '../exit-codes.js';
import { formatContent, indentJson } from '../format.js';
import { buildArguments } from '../tool-arguments.js';
import { checkOperands, repeated, type ServerCommand } from './command.js';

/** `mcpkit call <server> <tool> [--arg k=v]… [--input '{…}']`: calls a tool, prints its result. */
export const callCommand: ServerCommand = {
  name: 'call',
  operands: ['tool'],
  options: { arg: { type: 'string', short: 'a', multiple: true }, input: { type: 'string' } },
  summary: 'call a tool with --arg key=value (coerced by its input schema) or --input \'{"key":…}\'',
  check(parsed) {
    checkOperands(this, parsed);
    // Syntax only here (before connecting); values are coerced once the input schema is known.
    buildArguments(parsed.values.input as string | undefined, repeated(parsed, 'arg'), undefined);
  },
  async run(client, parsed, output) {
    const name = parsed.operands[0]!;
    let tools: Awaited<ReturnType<typeof client.listAllTools>>;
    try {
      tools = await client.listAllTools();
    } catch (error) {
      throw requestFailure('listing tools', error);
    }
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool === undefined) {
      const offered = tools.map((candidate) => candidate.name).join(', ') || 'none';
      throw new CliError(ExitCode.ServerError, `the server has no tool "${name}"; its tools: ${offered}`);
    }
    const args = buildArguments(
      parsed.values.input as string | undefined,
      repeated(parsed, 'arg'),
      tool.inputSchema,
    );
    const result = await output
      .spin(`calling ${name}`, (progress) =>
        client.callTool(
          { name, arguments: args },
          { onprogress: (event) => progress(event.progress, event.total), resetTimeoutOnProgress: true },
        ),
      )
      .catch((error: unknown) => {
        throw requestFailure(`calling tool "${name}"`, error);
      });
    if (parsed.common.json) {
      output.out(JSON.stringify(result, null, 2));
    } else {
      for (const content of result.content) output.out(formatContent(content));
      if (result.structuredContent !== undefined)
        output.out(`structuredContent:\n${indentJson(result.structuredContent, '  ')}`);
    }
    if (result.isError !== true) return ExitCode.Ok;
    output.err(`mcpkit: tool "${name}" reported an error (isError: true)`);
    return ExitCode.ServerError;
  },
};

import type { McpClient } from '@mcpkit/client';
import { ExitCode, requestFailure } from '../exit-codes.js';
import { indentJson } from '../format.js';
import type { Output } from '../output.js';
import type { ServerCommand } from './command.js';

/** Everything `inspect` gathers; printed as is with `--json`. */
export interface ServerReport {
  serverInfo: unknown;
  protocolVersion: string | undefined;
  instructions: string | undefined;
  capabilities: Record<string, unknown>;
  tools: Awaited<ReturnType<McpClient['listAllTools']>>;
  resources: Awaited<ReturnType<McpClient['listAllResources']>>;
  resourceTemplates: Awaited<ReturnType<McpClient['listAllResourceTemplates']>>;
  prompts: Awaited<ReturnType<McpClient['listAllPrompts']>>;
}

async function gather(client: McpClient): Promise<ServerReport> {
  const capabilities = (client.serverCapabilities ?? {}) as Record<string, unknown>;
  // Only what the server declares is listed: asking for the rest would be refused.
  const list = async <T>(capability: string, what: string, call: () => Promise<T[]>): Promise<T[]> => {
    if (capabilities[capability] === undefined) return [];
    try {
      return await call();
    } catch (error) {
      throw requestFailure(`listing ${what}`, error);
    }
  };
  return {
    serverInfo: client.serverInfo,
    protocolVersion: client.protocolVersion,
    instructions: client.instructions,
    capabilities,
    tools: await list('tools', 'tools', () => client.listAllTools()),
    resources: await list('resources', 'resources', () => client.listAllResources()),
    resourceTemplates: await list('resources', 'resource templates', () => client.listAllResourceTemplates()),
    prompts: await list('prompts', 'prompts', () => client.listAllPrompts()),
  };
}

const describe = (item: { title?: string; description?: string }) =>
  [item.title, item.description].filter(Boolean).join(' — ');

function printReport(report: ServerReport, output: Output): void {
  const info = report.serverInfo as { name?: string; version?: string } | undefined;
  output.out(
    `${info?.name ?? '(unnamed server)'} ${info?.version ?? ''} — protocol ${report.protocolVersion ?? '?'}`,
  );
  if (report.instructions) output.out(`Instructions: ${report.instructions}`);
  output.out(`Capabilities: ${Object.keys(report.capabilities).join(', ') || 'none'}`);
  output.out(`\nTools (${report.tools.length})`);
  for (const tool of report.tools) {
    output.out(`  ${tool.name}  ${describe(tool)}`);
    output.out(indentJson(tool.inputSchema, '    '));
  }
  output.out(`\nResources (${report.resources.length})`);
  for (const resource of report.resources)
    output.out(`  ${resource.uri}  ${resource.name}  ${describe(resource)}`);
  output.out(`\nResource templates (${report.resourceTemplates.length})`);
  for (const template of report.resourceTemplates) {
    output.out(`  ${template.uriTemplate}  ${template.name}  ${describe(template)}`);
  }
  output.out(`\nPrompts (${report.prompts.length})`);
  for (const prompt of report.prompts) {
    output.out(`  ${prompt.name}  ${describe(prompt)}`);
    for (const argument of prompt.arguments ?? []) {
      output.out(
        `    ${argument.name}${argument.required ? ' (required)' : ''}  ${argument.description ?? ''}`,
      );
    }
  }
}

/** `mcpkit inspect <server>`: server info, capabilities, tools with input schemas, resources, templates, prompts. */
export const inspectCommand: ServerCommand = {
  name: 'inspect',
  operands: [],
  options: {},
  summary:
    "print the server's info, capabilities, tools (with input schemas), resources, templates and prompts",
  async run(client, parsed, output) {
    const report = await output.spin('listing', () => gather(client));
    if (parsed.common.json) output.out(JSON.stringify(report, null, 2));
    else printReport(report, output);
    return ExitCode.Ok;
  },
};

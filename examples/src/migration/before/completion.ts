// Before (official SDK v1): completions for a resource template's variables and a prompt's argument.
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';

const repos: Record<string, string[]> = { acme: ['anvil', 'rocket'], apex: ['api'] };
const languages = ['go', 'python', 'rust', 'typescript'];
const server = new McpServer({ name: 'code', version: '1.0.0' });

server.registerResource(
  'repo',
  new ResourceTemplate('repos://{owner}/{repo}', {
    list: undefined,
    complete: {
      owner: (value) => Object.keys(repos).filter((owner) => owner.startsWith(value)),
      repo: (value, context) =>
        (repos[context?.arguments?.owner ?? ''] ?? []).filter((repo) => repo.startsWith(value)),
    },
  }),
  { title: 'Repository' },
  async (uri, { owner, repo }) => ({ contents: [{ uri: uri.href, text: `${owner}/${repo}` }] }),
);

server.registerPrompt(
  'explain',
  {
    argsSchema: {
      language: completable(z.string(), (value) =>
        languages.filter((language) => language.startsWith(value)),
      ),
    },
  },
  ({ language }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Explain ${language}` } }],
  }),
);

await server.connect(new StdioServerTransport());

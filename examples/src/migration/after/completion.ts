// After (mcpkit): completers sit in the config's `complete`, by variable or argument name; a
// completer gets what the user typed and the other arguments already given.
import { McpServer } from '@mcpkit/server';
import { StdioServerTransport } from '@mcpkit/transport-stdio';
import * as z from 'zod';

const repos: Record<string, string[]> = { acme: ['anvil', 'rocket'], apex: ['api'] };
const languages = ['go', 'python', 'rust', 'typescript'];
const server = new McpServer({ name: 'code', version: '1.0.0' });

server.resourceTemplate(
  'repos://{owner}/{repo}',
  {
    name: 'repo',
    title: 'Repository',
    complete: {
      owner: (value) => Object.keys(repos).filter((owner) => owner.startsWith(value)),
      repo: (value, { arguments: given }) =>
        (repos[given.owner ?? ''] ?? []).filter((repo) => repo.startsWith(value)),
    },
  },
  (_uri, { owner, repo }) => `${owner}/${repo}`,
);

server.prompt(
  'explain',
  {
    arguments: z.object({ language: z.string() }),
    complete: { language: (value) => languages.filter((language) => language.startsWith(value)) },
  },
  ({ language }) => `Explain ${language}`,
);

await server.connect(new StdioServerTransport());

// Broken on purpose: offers the 2026-07-28 tasks extension but answers tasks/* for clients that did
// not declare it (SEP-2663 requires -32021 naming the extension).
import { inMemoryTasksExtension } from '@mcpkit/server/tasks';
import { runBrokenServer } from './kit/run-server.js';

const extension = inMemoryTasksExtension();
const declared = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

await runBrokenServer({
  defaultTransport: 'http',
  serverOptions: {
    tasksExtension: {
      ...extension,
      // Acts as if every client had declared the extension.
      answer: (method, params, ctx) =>
        extension.answer(method, params, {
          ...ctx,
          signal: ctx.signal,
          clientCapabilities: { ...ctx.clientCapabilities, ...declared },
        }),
    },
  },
});

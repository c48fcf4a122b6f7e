// The counter app (the ui://counter/app.html resource's script), with @mcpkit/apps/app: shows the
// count from the tool's result, calls the app-only `increment` tool on a click, tries the
// model-only `reset_counter` (the host refuses it), tells the chat the count, follows the host's theme,
// and offers the host a tool of its own (`read_count`).
import { App } from '@mcpkit/apps/app';

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the app has no #${id}`);
  return found;
};
const showCount = (result: { structuredContent?: unknown }) => {
  element('count').textContent = String(
    (result.structuredContent as { count?: number } | undefined)?.count ?? '?',
  );
};
const showError = (error: unknown) => {
  element('error').textContent = `refused: ${error instanceof Error ? error.message : String(error)}`;
};
const applyTheme = (theme: string | undefined) => document.body.classList.toggle('dark', theme === 'dark');

const app = new App({ name: 'mcpkit-counter', version: '1.0.0' });
app.ontoolinput = (params) => {
  element('status').textContent = `input ${JSON.stringify(params.arguments ?? {})}`;
};
app.ontoolresult = (result) => showCount(result);
app.onhostcontextchanged = (context) => applyTheme(context.theme);
// A tool the app itself offers the host: what the counter shows right now.
const READ_COUNT = {
  name: 'read_count',
  description: 'What the counter app shows',
  inputSchema: { type: 'object' as const },
};
app.onlisttools = () => ({ tools: [READ_COUNT] });
app.oncalltool = () => ({
  content: [{ type: 'text', text: `The app shows ${element('count').textContent}` }],
});

element('increment').addEventListener('click', async () => {
  try {
    showCount(await app.callServerTool({ name: 'increment', arguments: { by: 1 } }));
    element('error').textContent = '';
  } catch (error) {
    showError(error);
  }
});
element('forbidden').addEventListener('click', async () => {
  try {
    await app.callServerTool({ name: 'reset_counter', arguments: {} });
    element('error').textContent = 'reset_counter was allowed';
  } catch (error) {
    showError(error);
  }
});
element('say').addEventListener('click', async () => {
  const text = `The count is ${element('count').textContent}`;
  await app.sendMessage({ role: 'user', content: [{ type: 'text', text }] }).catch(showError);
});

await app.connect();
applyTheme(app.hostContext.theme);
document.body.dataset.connected = 'true';

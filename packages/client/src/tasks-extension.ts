// `@mcpkit/client/tasks-extension`: the client side of the 2026-07-28 tasks extension (SEP-2663),
// an entry of its own so clients that do not declare the extension do not bundle it:
//   new McpClient(info, { tasksExtension: tasksExtension() })
export {
  awaitExtensionTask,
  type ClientTasksExtension,
  type ExtensionTaskDeps,
  tasksExtension,
} from './extension-tasks.js';

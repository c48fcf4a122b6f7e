import { lineSplitter } from './line-splitter.js';
import { handleRawMessage } from './raw-handler.js';

// Raw stdio baseline: newline-delimited JSON-RPC over the process's pipes, no SDK.

const write = (message: unknown): void => {
  process.stdout.write(`${JSON.stringify(message)}\n`);
};
process.stdin.setEncoding('utf8');
process.stdin.on(
  'data',
  lineSplitter((line) => {
    const response = handleRawMessage(JSON.parse(line), write, 'basic');
    if (response) write(response);
  }),
);

// Broken on purpose: every stdio message is pretty-printed over several lines instead of one line each.
import process from 'node:process';
import { Transform } from 'node:stream';
import { runBrokenServer } from './kit/run-server.js';

function prettyPrinter(): Transform {
  let pending = '';
  const printer = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim() !== '') this.push(`${JSON.stringify(JSON.parse(line), null, 2)}\n`);
        newline = pending.indexOf('\n');
      }
      done();
    },
  });
  printer.pipe(process.stdout);
  return printer;
}

await runBrokenServer({ defaultTransport: 'stdio', stdioOutput: prettyPrinter });

import type { ScenarioResult } from '../types.js';
import { formatResultLine } from './summary.js';

interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Progress while scenarios run. On a terminal: one line rewritten in place, with failures and
 * not-applicable results (and why) kept above it. Elsewhere (CI logs): one line per scenario.
 */
export class ProgressLine {
  private live = false;

  constructor(private readonly stream: OutputStream) {}

  started(label: string): void {
    if (!this.stream.isTTY) return;
    this.draw(`… ${label}`);
  }

  finished(result: ScenarioResult, done: number, total?: number): void {
    const count = total === undefined ? `[${done}]` : `[${done}/${total}]`;
    if (!this.stream.isTTY) {
      this.stream.write(`${count} ${formatResultLine(result)}\n`);
      return;
    }
    const line = formatResultLine(result);
    if (result.verdict !== 'pass') {
      this.clear();
      this.stream.write(`${line}\n`);
    }
    this.draw(`${count} ${line}`);
  }

  clear(): void {
    if (this.live) this.stream.write('\r\x1b[2K');
    this.live = false;
  }

  private draw(text: string): void {
    const width = Math.max(20, (this.stream.columns ?? 100) - 1);
    this.stream.write(`\r\x1b[2K${text.split('\n')[0]?.slice(0, width) ?? ''}`);
    this.live = true;
  }
}

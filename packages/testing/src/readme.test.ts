// The README's vitest example is test/readme-example.test.ts, which CI runs; this keeps the two equal.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('README', () => {
  it('shows test/readme-example.test.ts exactly as its vitest example', () => {
    const readme = read('../README.md');
    const block = /## Example \(vitest\)[\s\S]*?```ts no-run\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'README.md has a "## Example (vitest)" section with a ```ts no-run block').toBeDefined();
    expect(block).toBe(read('../test/readme-example.test.ts'));
  });
});

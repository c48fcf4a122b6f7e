// The whole programs the root README shows in "Install": each is a ```js block whose first line
// names its file (`// server.mjs`). The release check runs exactly these, so the README cannot drift.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReadmeProgram {
  file: string;
  code: string;
}

export async function readmePrograms(root: string): Promise<ReadmeProgram[]> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Install\n');
  if (start < 0)
    throw new Error('README.md has no "## Install" section (expected right after the development commands)');
  const end = readme.indexOf('\n## ', start + 1);
  const install = readme.slice(start, end < 0 ? undefined : end);
  const programs: ReadmeProgram[] = [];
  for (const match of install.matchAll(/^```js\n(\/\/ ([\w-]+\.mjs)\n[\s\S]*?)^```$/gm)) {
    programs.push({ file: match[2]!, code: match[1]! });
  }
  return programs;
}

// Finds every TypeScript code block in the repository's Markdown files (READMEs, ARCHITECTURE.md,
// SECURITY.md, docs/, examples/), whoever wrote them, with where each one starts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Fence languages checked: TypeScript, and JavaScript modules (type-checked too, with checkJs). */
const TYPESCRIPT = new Set(['ts', 'typescript', 'mts']);
const JAVASCRIPT = new Set(['js', 'javascript', 'mjs']);

/** A first line naming the file, as in `// server.mjs`: the block is written under that name. */
const NAMED_FIRST_LINE = /^\/\/\s*([\w.-]+\.(?:ts|mts|js|mjs))\s*$/;

/** Words allowed after the language (```ts fragment): see examples/README.md. */
export const FLAGS = ['fragment', 'no-run'] as const;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'reports', '.readme-blocks']);

export interface CodeBlock {
  /** The Markdown file, relative to the repository root, with `/` separators. */
  file: string;
  /** Line (1-based) of the block's first code line in that file. */
  line: number;
  code: string;
  language: 'ts' | 'js';
  /** Type-checked with the fragment prelude, never run. */
  fragment: boolean;
  /** A whole module that is type-checked but not run (it needs a real remote server). */
  noRun: boolean;
  /**
   * `file=NAME.ts` after the language, or a first line `// NAME.mjs`: written under that name, so
   * another block of the same Markdown file can start it.
   */
  fileName?: string;
  /** Words after the language that mean nothing here (a typo): reported as failures. */
  unknownFlags: string[];
}

/** Markdown files below `root`, skipping dependencies, build output, hidden folders and changelogs. */
export function markdownFiles(root: string): string[] {
  return walk(root)
    .map((path) => relative(root, path).split(sep).join('/'))
    .sort();
}

function walk(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(path));
    else if (entry.name.endsWith('.md') && entry.name !== 'CHANGELOG.md') found.push(path);
  }
  return found;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*(.*)$/;

/** The TypeScript blocks of one Markdown text; `file` is only recorded. */
export function extractBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const end = closingLine(lines, i + 1, fence);
    const [language = '', ...words] = info.trim().split(/\s+/);
    const isTs = TYPESCRIPT.has(language.toLowerCase());
    if (isTs || JAVASCRIPT.has(language.toLowerCase())) {
      const code = lines
        .slice(i + 1, end)
        .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
        .join('\n');
      const fileWord = words.find((word) => word.startsWith('file='));
      const block: CodeBlock = {
        file,
        line: i + 2,
        code: `${code}\n`,
        language: isTs ? 'ts' : 'js',
        fragment: words.includes('fragment'),
        noRun: words.includes('no-run'),
        unknownFlags: words.filter(
          (word) => !(FLAGS as readonly string[]).includes(word) && word !== fileWord,
        ),
      };
      const named = fileWord?.slice('file='.length) ?? NAMED_FIRST_LINE.exec(code.split('\n')[0] ?? '')?.[1];
      if (named !== undefined) block.fileName = named;
      blocks.push(block);
    }
    i = end;
  }
  return blocks;
}

/** The index of the line closing a fence opened with `fence` (or the end of the text). */
function closingLine(lines: string[], from: number, fence: string): number {
  for (let j = from; j < lines.length; j++) {
    const trimmed = lines[j]!.trim();
    if (trimmed.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(trimmed)) return j;
  }
  return lines.length;
}

/** Every TypeScript block of every Markdown file below `root`. */
export function allBlocks(root: string): CodeBlock[] {
  return markdownFiles(root).flatMap((file) => extractBlocks(file, readFileSync(join(root, file), 'utf8')));
}

/** How a block is named in test titles and failure messages: `packages/client/README.md:57`. */
export function blockName(block: CodeBlock): string {
  return `${block.file}:${block.line}`;
}

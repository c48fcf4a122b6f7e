// Writes the README blocks as TypeScript files inside the examples package (so `@mcpkit/*`, zod and
// the frameworks resolve as they would in a user's project), type-checks them with tsc, and maps
// tsc's complaints back to the Markdown file and line they came from.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { blockName, type CodeBlock } from './extract.js';

export const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(examplesDir, '..');
/** Scratch folder for the blocks (git-ignored), rewritten on every run. */
export const blocksDir = join(examplesDir, '.readme-blocks');
const PRELUDE = join(examplesDir, 'readme-prelude', 'fragments.d.ts');

export interface WrittenBlock {
  block: CodeBlock;
  /** Absolute path of the .ts file. */
  path: string;
}

/** Where a block goes: modules/<md path>/… or fragments/<md path>/…; `file=` names are kept. */
function pathOf(block: CodeBlock): string {
  const folder = block.file.replace(/\.md$/, '').split('/').join('__');
  const name = block.fileName ?? `block-L${block.line}.${block.language === 'ts' ? 'ts' : 'mjs'}`;
  return join(blocksDir, block.fragment ? 'fragments' : 'modules', folder, name);
}

/** Writes every block and the two tsconfig files (modules alone; fragments with the prelude). */
export function writeBlocks(blocks: CodeBlock[]): WrittenBlock[] {
  rmSync(blocksDir, { recursive: true, force: true });
  const written = blocks.map((block) => {
    const path = pathOf(block);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, block.code);
    return { block, path };
  });
  const compilerOptions = {
    noEmit: true,
    types: ['node'],
    // Every block is a module of its own, with or without imports (top-level await, own names).
    moduleDetection: 'force',
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    // JavaScript blocks are type-checked too, against the same package types.
    allowJs: true,
    checkJs: true,
  };
  const base = relative(blocksDir, join(repoRoot, 'tsconfig.base.json')).split(sep).join('/');
  const config = (include: string[]) =>
    `${JSON.stringify({ extends: base, compilerOptions, include }, null, 2)}\n`;
  writeFileSync(join(blocksDir, 'tsconfig.modules.json'), config(['modules']));
  const prelude = relative(blocksDir, PRELUDE).split(sep).join('/');
  writeFileSync(join(blocksDir, 'tsconfig.fragments.json'), config(['fragments', prelude]));
  return written;
}

const tscPath = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc on one of the two programs; resolves with its diagnostics as text (empty when clean). */
async function tsc(project: string): Promise<string> {
  try {
    await promisify(execFile)(process.execPath, [tscPath, '-p', project, '--pretty', 'false'], {
      cwd: blocksDir,
      maxBuffer: 16 * 1024 * 1024,
    });
    return '';
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    return `${stdout ?? ''}${stderr ?? ''}` || message;
  }
}

const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): (error TS\d+: .*)$/;

/**
 * Type-checks the written blocks; returns one message per tsc error, naming the Markdown file and
 * line (`packages/client/README.md:62: error TS2304: Cannot find name 'x'.`) and tsc's details.
 */
export async function typecheckBlocks(written: WrittenBlock[]): Promise<string[]> {
  const byPath = new Map(written.map((entry) => [resolve(entry.path), entry.block]));
  const outputs = await Promise.all([tsc('tsconfig.modules.json'), tsc('tsconfig.fragments.json')]);
  const problems: string[] = [];
  for (const line of outputs.join('\n').split('\n')) {
    const diagnostic = DIAGNOSTIC.exec(line);
    if (diagnostic) {
      const [, file = '', row = '0', column = '0', text = ''] = diagnostic;
      const block = byPath.get(resolve(blocksDir, file));
      problems.push(
        block
          ? `${block.file}:${block.line + Number(row) - 1}:${column} (the ${block.fragment ? 'fragment' : 'block'} at ${blockName(block)}): ${text}`
          : `${relative(repoRoot, resolve(blocksDir, file))}:${row}:${column}: ${text}`,
      );
    } else if (line.trim() !== '') {
      // tsc's continuation lines (the details of the error above), or a failure of tsc itself.
      if (problems.length > 0) problems[problems.length - 1] += `\n${line}`;
      else problems.push(line);
    }
  }
  return problems;
}

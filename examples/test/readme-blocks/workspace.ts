// Writes the README blocks as TypeScript files inside the examples package (so `@mcpkit/*`, zod and
// the frameworks resolve as they would in a user's project), type-checks them with tsc, and maps
// tsc's complaints back to the Markdown file and line they came from.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { blockName, type CodeBlock } from './extract.js';

export const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(examplesDir, '..');
/** Scratch folder for the blocks (git-ignored), rewritten on every run. */
export const blocksDir = join(examplesDir, '.readme-blocks');
const PRELUDE = join(examplesDir, 'readme-prelude', 'fragments.ts');

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

/** Names declared at the top level of a module: its imports, variables, functions, classes, types. */
export function topLevelNames(code: string): Set<string> {
  const names = new Set<string>();
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) addBinding(declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

/**
 * A fragment as written to disk: its code, then (at the end, so line numbers stay those of the
 * Markdown) an import of every prelude name it does not declare itself.
 */
function withPrelude(block: CodeBlock, path: string, preludeNames: Set<string>): string {
  const own = topLevelNames(block.code);
  const missing = [...preludeNames].filter((name) => !own.has(name));
  const from = relative(dirname(path), PRELUDE).split(sep).join('/').replace(/\.ts$/, '.js');
  return missing.length === 0
    ? block.code
    : `${block.code}import { ${missing.join(', ')} } from '${from}';\n`;
}

/** Writes every block and the tsconfig.json that checks them all in one program. */
export function writeBlocks(blocks: CodeBlock[]): WrittenBlock[] {
  rmSync(blocksDir, { recursive: true, force: true });
  const preludeNames = topLevelNames(readFileSync(PRELUDE, 'utf8').replace(/^import .*$/gm, ''));
  const written = blocks.map((block) => {
    const path = pathOf(block);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, block.fragment ? withPrelude(block, path, preludeNames) : block.code);
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
  const prelude = relative(blocksDir, PRELUDE).split(sep).join('/');
  const config = { extends: base, compilerOptions, include: ['modules', 'fragments', prelude] };
  writeFileSync(join(blocksDir, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  return written;
}

const tscPath = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc on the program; resolves with its diagnostics as text (empty when clean). */
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
  const outputs = [await tsc('tsconfig.json')];
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

// Keeps the house: fails (exit 1) on any import circle between the non-test modules of
// `packages/*/src`, and on any hand-written non-test module there over 500 lines (barrels, an
// `index.ts` made only of `export ... from` statements, excepted). Type-only imports count: a type
// circle ties two modules together just as a value circle does.
// Usage: node scripts/check-import-cycles.mjs [repo root]   (run by `pnpm run lint`)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export const MAX_LINES = 500;

/** Test code: `*.test.ts` files and `test-helpers/` folders; everything else is checked. */
function isTestPath(path) {
  return /\.(test|spec)\.m?ts$/.test(path) || path.split(/[\\/]/).includes('test-helpers');
}

function listModules(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listModules(path));
    else if (/\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTestPath(path))
      found.push(path);
  }
  return found;
}

/** The non-test source modules of every `packages/<name>/src`, as absolute paths. */
export function packageModules(root) {
  const packagesDir = join(root, 'packages');
  const modules = [];
  for (const name of readdirSync(packagesDir).sort()) {
    const src = join(packagesDir, name, 'src');
    if (existsSync(src) && statSync(src).isDirectory()) modules.push(...listModules(src));
  }
  return modules.sort();
}

/** The module a relative specifier names: `./a.js` is `a.ts` on disk, `./dir` is `dir/index.ts`. */
function resolveSpecifier(from, specifier, known) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts'),
    base,
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/**
 * Edges from each module to the modules it imports or re-exports (static, dynamic, type-only),
 * restricted to `modules`: imports of other packages go through their published entry points.
 */
export function importGraph(modules) {
  const known = new Set(modules);
  const graph = new Map();
  for (const file of modules) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveSpecifier(file, fileName, known);
      if (target !== undefined) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Strongly connected components (Tarjan), each a list of nodes; iterative, so deep graphs fit. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        found.push(component);
      }
    }
  }
  return found;
}

/** The shortest path from `start` back to itself inside `members` (breadth-first). */
function shortestCycle(graph, start, members) {
  const previous = new Map();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/**
 * Every import circle, as paths `[a, b, ..., a]`: for each strongly connected component, the
 * shortest circle through each of its members (deduplicated), so a tangle of several modules
 * shows every module's way back rather than one arbitrary loop. `graph`: node -> nodes it imports.
 */
export function findCycles(graph) {
  const cycles = [];
  const seen = new Set();
  for (const component of components(graph)) {
    const members = new Set(component);
    if (component.length === 1 && !(graph.get(component[0]) ?? []).includes(component[0])) continue;
    for (const start of [...component].sort()) {
      const cycle = shortestCycle(graph, start, members);
      if (cycle === undefined) continue;
      // The same circle found from another of its members: compare as a rotation-free key.
      const ring = cycle.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]);
      const key = [...ring.slice(first), ...ring.slice(0, first)].join('\0');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(cycle);
    }
  }
  return cycles;
}

/** An `index.ts` that only re-exports by name (`export { a } from`, `export type { T } from`). */
export function isBarrel(path, text) {
  if (basename(path) !== 'index.ts') return false;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  return source.statements.every(
    (statement) =>
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier !== undefined &&
      statement.exportClause !== undefined &&
      ts.isNamedExports(statement.exportClause),
  );
}

/** Modules over `MAX_LINES` lines that are not barrels, with their line counts. */
export function longModules(modules) {
  const long = [];
  for (const file of modules) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES && !isBarrel(file, text)) long.push({ file, lines });
  }
  return long;
}

/** Runs both checks over `root`; returns the exit code and the lines to print. */
export function check(root) {
  const modules = packageModules(root);
  const graph = importGraph(modules);
  const name = (file) => relative(root, file).split('\\').join('/');
  const problems = [];
  for (const cycle of findCycles(graph)) problems.push(`import circle: ${cycle.map(name).join(' -> ')}`);
  for (const { file, lines } of longModules(modules))
    problems.push(
      `too long: ${name(file)} has ${lines} lines (at most ${MAX_LINES}; split it along its seams)`,
    );
  if (problems.length > 0) return { code: 1, lines: problems };
  let edges = 0;
  for (const targets of graph.values()) edges += targets.length;
  return {
    code: 0,
    lines: [
      `OK: no import circle and no module over ${MAX_LINES} lines among ${modules.length} modules (${edges} import edges) in packages/*/src`,
    ],
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const { code, lines } = check(root);
  for (const line of lines) (code === 0 ? console.log : console.error)(line);
  process.exitCode = code;
}

/// <reference types="node" />
// (Node types for this Node-only entry alone: the rest of the package builds without them.)
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SkillsCatalog } from '../skills/catalog.js';
import { MAX_SKILL_FILES, type SkillFile } from '../skills/entry.js';

// Serves a folder of skills from disk: every directory of `root` that holds a SKILL.md is a skill
// (its directory name is the skill name). The folder is trusted to be the operator's, but what it
// links to is not: a symlink resolving outside `root` is refused, as is a file over the size
// limit, so a stray link or a huge file cannot leak or balloon into what clients read.

/** Options of {@link loadSkillsFolder}. */
export interface SkillsFolderOptions {
  /** Largest file served, in bytes (default 1 MiB); a larger one fails the load. */
  maxFileBytes?: number;
}

/** Default of `maxFileBytes`. */
export const DEFAULT_MAX_SKILL_FILE_BYTES = 1024 * 1024;

/**
 * Adds every skill under `root` to `catalog` and returns their paths. Throws (naming the file)
 * on a symlink leaving `root`, a file larger than `maxFileBytes`, or a skill the catalog refuses.
 */
export async function loadSkillsFolder(
  root: string,
  catalog: SkillsCatalog,
  options: SkillsFolderOptions = {},
): Promise<string[]> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_SKILL_FILE_BYTES;
  const realRoot = await realpath(root);
  const loaded: string[] = [];
  for (const entry of (await readdir(realRoot, { withFileTypes: true })).sort(byName)) {
    if (!entry.isDirectory()) continue;
    const dir = join(realRoot, entry.name);
    if (!(await exists(join(dir, 'SKILL.md')))) continue;
    const files: SkillFile[] = [];
    await collect(realRoot, dir, dir, files, maxFileBytes, new Set([dir]));
    await catalog.add({ path: entry.name, files });
    loaded.push(entry.name);
  }
  return loaded;
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root + sep);
}

async function collect(
  root: string,
  skillDir: string,
  dir: string,
  files: SkillFile[],
  maxBytes: number,
  visited: Set<string>,
): Promise<void> {
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort(byName)) {
    const path = join(dir, entry.name);
    const real = await realpath(path);
    if (!inside(root, real))
      throw new Error(`Skill file ${path} links to ${real}, outside the skills folder ${root}; refused`);
    const info = await stat(real);
    if (info.isDirectory()) {
      if (!inside(skillDir, real))
        throw new Error(`Skill directory ${path} links to ${real}, outside its skill ${skillDir}; refused`);
      // A link back to a directory already walked would loop forever.
      if (visited.has(real)) throw new Error(`Skill directory ${path} links back to ${real}; refused`);
      visited.add(real);
      await collect(root, skillDir, path, files, maxBytes, visited);
      continue;
    }
    if (!info.isFile()) continue;
    if (files.length >= MAX_SKILL_FILES)
      throw new Error(`Skill ${skillDir} has more than ${MAX_SKILL_FILES} files, the most a skill may have`);
    if (info.size > maxBytes)
      throw new Error(
        `Skill file ${path} is ${info.size} bytes, over the ${maxBytes}-byte limit (maxFileBytes)`,
      );
    const content = await readFile(real);
    if (content.byteLength > maxBytes)
      throw new Error(
        `Skill file ${path} grew past the ${maxBytes}-byte limit (maxFileBytes) while being read`,
      );
    files.push({ path: relative(skillDir, path).split(sep).join('/'), content: new Uint8Array(content) });
  }
}

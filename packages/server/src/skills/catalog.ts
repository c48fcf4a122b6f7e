import { JsonRpcError } from '@mcpkit/jsonrpc';
import { SKILLS_EXTENSION_ID } from '@mcpkit/protocol';
import { isStatelessProtocolVersion, type JSONObject } from '@mcpkit/protocol/essentials';
import type { HandlerContext } from '../core/handler-context.js';
import type { RegisteredResource } from '../registration.js';
import type { McpServer } from '../server.js';
import {
  entryOf,
  type PreparedFile,
  type PreparedSkill,
  prepareSkill,
  type SkillDefinition,
} from './entry.js';

/** The skills extension's identifier (SEP-2640). */
export const SKILLS_EXTENSION = SKILLS_EXTENSION_ID;

/** Options of the skills extension on a server. */
export interface SkillsOptions {
  /** Offer `resources/directory/read` on skill directories (declared as `directoryRead: true`). */
  directoryRead?: boolean;
  /** Skills per skills/list page and children per directory page (default: the server's pageSize). */
  pageSize?: number;
}

/**
 * The skills a server serves (SEP-2640, `io.modelcontextprotocol/skills`): answers `skills/list`,
 * `skills/get` and (with `directoryRead`) `resources/directory/read`, and registers every file of
 * every skill as an ordinary resource (`skill://<path>/SKILL.md` and siblings). Adding, replacing
 * or removing a skill changes those resources, so clients get `notifications/resources/list_changed`.
 *
 *   const skills = new SkillsCatalog({ directoryRead: true });
 *   const server = new McpServer(info, { capabilities: { extensions: skills.declaration } });
 *   skills.attach(server);
 *   await skills.add({ path: 'pdf-processing', files: [{ path: 'SKILL.md', content }] });
 */
export class SkillsCatalog {
  readonly options: SkillsOptions;
  readonly #skills = new Map<string, { skill: PreparedSkill; handles: RegisteredResource[] }>();
  #server: McpServer<any> | undefined;

  constructor(options: SkillsOptions = {}) {
    this.options = options;
  }

  /** What to put in `capabilities.extensions`. */
  get declaration(): Record<string, JSONObject> {
    return { [SKILLS_EXTENSION]: this.options.directoryRead === true ? { directoryRead: true } : {} };
  }

  /** Registers the extension's methods (and the files of skills added so far) on `server`. */
  attach(server: McpServer<any>): void {
    if (this.#server !== undefined) throw new TypeError('This SkillsCatalog is already attached to a server');
    this.#server = server;
    server.method('skills/list', (params, ctx) => this.#list(params.cursor, ctx));
    server.method('skills/get', (params, ctx) => this.#get(params.uri, ctx));
    if (this.options.directoryRead === true)
      server.method('resources/directory/read', (params) => this.#readDirectory(params.uri, params.cursor));
    for (const record of this.#skills.values()) record.handles = this.#register(record.skill);
  }

  /** Adds a skill, or replaces the one at the same path; throws TypeError on a skill SEP-2640 forbids. */
  async add(definition: SkillDefinition): Promise<void> {
    const skill = await prepareSkill(definition);
    this.remove(skill.path);
    this.#skills.set(skill.path, { skill, handles: this.#server === undefined ? [] : this.#register(skill) });
  }

  /** Stops serving the skill at `path`; false when there was none. */
  remove(path: string): boolean {
    const record = this.#skills.get(path);
    if (record === undefined) return false;
    for (const handle of record.handles) handle.remove();
    this.#skills.delete(path);
    return true;
  }

  #register(skill: PreparedSkill): RegisteredResource[] {
    const server = this.#server!;
    return skill.files.map((file) => {
      const manifest = file.path === 'SKILL.md';
      const config = {
        name: manifest ? String(skill.frontmatter.name) : file.path,
        mimeType: file.mimeType,
        size: file.bytes.byteLength,
        ...(manifest ? { description: String(skill.frontmatter.description) } : {}),
      };
      return server.resource(file.uri, config, () => contentsOf(file));
    });
  }

  #page<T>(items: readonly T[], cursor: unknown): { items: T[]; nextCursor?: string } {
    const size = Math.max(1, this.options.pageSize ?? this.#server?.pageSize ?? 100);
    let start = 0;
    if (cursor !== undefined) {
      if (
        typeof cursor !== 'string' ||
        !/^(0|[1-9][0-9]{0,8})$/.test(cursor) ||
        Number(cursor) > items.length
      )
        throw JsonRpcError.invalidParams(
          `Invalid cursor ${JSON.stringify(cursor)}: pass back a nextCursor you received`,
        );
      start = Number(cursor);
    }
    const end = start + size;
    return end < items.length
      ? { items: items.slice(start, end), nextCursor: String(end) }
      : { items: items.slice(start) };
  }

  #cacheHints(ctx: HandlerContext<any>): JSONObject {
    if (!isStatelessProtocolVersion(ctx.protocolVersion)) return {};
    const hints = this.#server!.cacheHints;
    return { ttlMs: hints.ttlMs, cacheScope: hints.cacheScope };
  }

  #list(cursor: unknown, ctx: HandlerContext<any>): JSONObject {
    const page = this.#page([...this.#skills.values()], cursor);
    const result: JSONObject = {
      skills: page.items.map((record) => entryOf(record.skill)),
      ...this.#cacheHints(ctx),
    };
    if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
    return result;
  }

  #get(uri: unknown, ctx: HandlerContext<any>): JSONObject {
    if (typeof uri !== 'string')
      throw JsonRpcError.invalidParams('skills/get needs params.uri, a skill:// SKILL.md URI');
    for (const { skill } of this.#skills.values()) {
      if (skill.uri === uri) return { skill: entryOf(skill), ...this.#cacheHints(ctx) };
    }
    throw JsonRpcError.invalidParams(`No skill is served at ${uri}`);
  }

  #readDirectory(uri: unknown, cursor: unknown): JSONObject {
    if (typeof uri !== 'string')
      throw JsonRpcError.invalidParams('resources/directory/read needs params.uri, a directory URI');
    const key = uri.endsWith('/') ? uri.slice(0, -1) : uri;
    for (const { skill } of this.#skills.values()) {
      const directory = skill.directories.get(key);
      if (directory === undefined) continue;
      const children: JSONObject[] = [
        ...directory.subdirectories.map((child) => ({
          uri: child,
          name: child.slice(child.lastIndexOf('/') + 1),
          mimeType: 'inode/directory',
        })),
        ...directory.files.map((file) => ({
          uri: file.uri,
          name: file.path.slice(file.path.lastIndexOf('/') + 1),
          mimeType: file.mimeType,
          size: file.bytes.byteLength,
        })),
      ];
      const page = this.#page(children, cursor);
      return page.nextCursor === undefined
        ? { resources: page.items }
        : { resources: page.items, nextCursor: page.nextCursor };
    }
    throw JsonRpcError.invalidParams(`${uri} is not a skill directory this server serves`);
  }
}

function contentsOf(file: PreparedFile): { text: string } | { blob: string } {
  if (file.text !== undefined) return { text: file.text };
  let binary = '';
  for (const byte of file.bytes) binary += String.fromCharCode(byte);
  return { blob: btoa(binary) };
}

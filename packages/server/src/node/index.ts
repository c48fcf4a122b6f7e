// `@mcpkit/server/node`: the server's Node-only helpers.

export { DEFAULT_MAX_SKILL_FILE_BYTES, loadSkillsFolder, type SkillsFolderOptions } from './skills-folder.js';

// `@mcpkit/server/skills`: the skills extension (SEP-2640, `io.modelcontextprotocol/skills`), an
// entry point of its own so servers without skills do not bundle it.

export { SKILLS_EXTENSION, SkillsCatalog, type SkillsOptions } from './catalog.js';
export { MAX_SKILL_BYTES, MAX_SKILL_FILES, type SkillDefinition, type SkillFile } from './entry.js';

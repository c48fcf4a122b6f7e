// Types of module-format-fields.mjs, for the test that imports it.
export interface EntryFiles {
  import: { types: string; default: string };
  require: { types: string; default: string };
}
export declare function entryFiles(esmFile: string): EntryFiles;
export declare function moduleFormatFields(esmFileBySubpath: Record<string, string>): {
  main: string;
  types: string;
  typesVersions?: { '*': Record<string, string[]> };
  exports: Record<string, EntryFiles>;
};
export declare function checkModuleFormatFields(manifest: Record<string, unknown>): void;

// Types of check-import-cycles.mjs, for the test that imports it.
export declare const MAX_LINES: number;
export declare function packageModules(root: string): string[];
export declare function importGraph(modules: readonly string[]): Map<string, string[]>;
export declare function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][];
export declare function isBarrel(path: string, text: string): boolean;
export declare function longModules(modules: readonly string[]): { file: string; lines: number }[];
export declare function check(root: string): { code: number; lines: string[] };

import { sep } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

// Tests import this from src/, but drivers and peers always run from the build.
const BUILT_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(
  /[\\/]src[\\/]harness[\\/]matrix[\\/]$/,
  `${sep}dist${sep}harness${sep}matrix${sep}`,
);

/** The client drivers shipped with the harness, by SDK. */
export const MATRIX_DRIVERS = {
  mcpkit: 'mcpkit-client',
  'official-v2': 'official-v2-client',
  'official-v1': 'official-v1-client',
} as const;

/** The shell command of a bundled driver, for a MatrixClient. */
export function matrixDriverCommand(driver: keyof typeof MATRIX_DRIVERS): string {
  return [process.execPath, `${BUILT_DIR}drivers${sep}${MATRIX_DRIVERS[driver]}.js`]
    .map((part) => JSON.stringify(part))
    .join(' ');
}

/** Path of a bundled peer server (`official-v2-server`, `official-v1-server`, `tmcp-server`). */
export function matrixPeerPath(name: 'official-v2-server' | 'official-v1-server' | 'tmcp-server'): string {
  return `${BUILT_DIR}peers${sep}${name}.js`;
}

#!/usr/bin/env node
// Packs every publishable package (packages/*, not private) into one folder of tarballs, the way
// `pnpm publish` packs them (`workspace:` and `catalog:` ranges replaced by real ones), so the
// packages install with plain npm before they are on a public registry:
//
//   npx -y pnpm@10 pack:all      (builds first; writes dist-tarballs/mcpkit-server.tgz, ...)
//   npm install ./dist-tarballs/mcpkit-server.tgz ./dist-tarballs/mcpkit-protocol.tgz ... zod
//
// Each tarball is named after its package without the version (`@mcpkit/server` → mcpkit-server.tgz),
// so install lines stay the same from one version to the next. `--out <dir>` packs elsewhere. The
// release check (apps/release-check) packs with the same two functions.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The packages under `packages/` that are not private: what a release publishes. */
export function publishablePackages(root) {
  const found = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', folder);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (!manifest.private) found.push({ ...manifest, dir });
  }
  return found;
}

/** pnpm as the workspace runs it: the one running this script if any, else pnpm 10 through npx. */
function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  return ['npx', ['-y', 'pnpm@10']];
}

/** Runs a command; resolves with its stdout, rejects with its output when it fails or outlives `timeoutMs`. */
function output(command, args, { cwd, timeoutMs }) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) =>
      reject(new Error(`${command} ${args.join(' ')} could not start: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolvePromise(stdout);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${cwd}) exited with ${code ?? signal}, expected 0` +
              `${signal === 'SIGKILL' ? ` (killed after ${timeoutMs} ms)` : ''}:\n${stdout}\n${stderr}`,
          ),
        );
    });
  });
}

/**
 * Packs `packages` into `destination` with `pnpm pack` (`pnpm -r pack` alone would pack the private
 * ones under packages/ too); resolves with each package's name, version and tarball path.
 */
export async function packAll(root, destination, packages) {
  const [command, prefix] = pnpmCommand();
  const filters = packages.flatMap((manifest) => ['--filter', manifest.name]);
  const stdout = await output(
    command,
    [...prefix, '-r', ...filters, 'pack', '--pack-destination', destination, '--json'],
    { cwd: root, timeoutMs: 120_000 },
  );
  const packed = JSON.parse(stdout.slice(stdout.indexOf('[')));
  return packed.map(({ name, version, filename }) => ({ name, version, tarball: filename }));
}

/** `@mcpkit/server` → `mcpkit-server.tgz`. */
export function unversionedTarballName(name) {
  return `${name.replace(/^@/, '').replace('/', '-')}.tgz`;
}

async function main() {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex === -1 ? join(root, 'dist-tarballs') : resolve(process.argv[outIndex + 1] ?? '');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const packed = await packAll(root, out, publishablePackages(root));
  for (const { name, version, tarball } of packed) {
    const target = join(out, unversionedTarballName(name));
    renameSync(tarball, target);
    process.stdout.write(`${name}@${version}\t${relative(process.cwd(), target)}\n`);
  }
  const shown = relative(process.cwd(), out) || '.';
  const example = ['server', 'protocol', 'jsonrpc', 'transport-stdio'].map(
    (name) => `./${shown}/mcpkit-${name}.tgz`,
  );
  process.stderr.write(
    `${packed.length} packages packed into ${shown}/. Install with npm the ones you use and the @mcpkit ` +
      `packages they depend on, e.g.:\n  npm install ${example.join(' ')} zod\n`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}

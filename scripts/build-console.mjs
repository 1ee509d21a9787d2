// `npm start` builds the console only when its inputs changed since the last build: a content
// hash of every input is kept beside the output (dist/.build-inputs). FORCE_BUILD=1 always builds.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist');
const stampFile = path.join(outDir, '.build-inputs');
// package.json too: its `sideEffects` decides what the bundler may drop from the build.
const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((d) => files(path.join(entry, d.name)))
    .filter((f) => !/\.test\.tsx?$/.test(f));
}

export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const current = inputsHash();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (
  !process.env.FORCE_BUILD &&
  previous === current &&
  existsSync(path.join(outDir, 'index.html'))
) {
  console.log('console: up to date (dist/ matches the sources; FORCE_BUILD=1 rebuilds)');
} else {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

// `npm run app:new -- <name>`: copies the app starter (examples/app) to ./<name> (where npm was
// run) and declares the app to the embedded platform: DATA_DIR/apps/<name>/manifest.json.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const name = process.argv[2] ?? '';
if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(name)) {
  console.error('Usage: npm run app:new -- <name>  (1 to 63 lower-case letters, digits or dashes)');
  process.exit(2);
}
const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), name);
if (fs.existsSync(where)) {
  console.error(`${where} already exists: choose another name or remove it.`);
  process.exit(1);
}
const dataDir = path.resolve(root, process.env.DATA_DIR || '.data');
const manifestFile = path.join(dataDir, 'apps', name, 'manifest.json');
if (fs.existsSync(manifestFile)) {
  console.error(`An app named ${name} is already declared (${manifestFile}).`);
  process.exit(1);
}

const starter = path.join(root, 'examples', 'app');
/** A path as the user would type it from the console's folder. */
const shown = (file) =>
  path.relative(root, file).startsWith('..') ? file : path.relative(root, file);
fs.cpSync(starter, where, {
  recursive: true,
  filter: (source) => !/node_modules|dist/.test(path.relative(starter, source)),
});
const config = path.join(where, 'vite.config.js');
fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('APP_ID_PLACEHOLDER', name));
const pkgFile = path.join(where, 'package.json');
const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
fs.writeFileSync(pkgFile, `${JSON.stringify({ ...pkg, name }, null, 2)}\n`);

const manifest = JSON.parse(fs.readFileSync(path.join(starter, 'manifest.json'), 'utf8'));
fs.mkdirSync(path.dirname(manifestFile), { recursive: true });
fs.writeFileSync(manifestFile, `${JSON.stringify({ ...manifest, name }, null, 2)}\n`);

console.log(`Created ${where}
Declared the app ${name} (${shown(manifestFile)})

With the console running (npm start), run the app:
  cd ${path.relative(process.env.INIT_CWD ?? process.cwd(), where)} && npm install && npm run dev
then open http://localhost:5180; its calls show under Apps in the console.`);

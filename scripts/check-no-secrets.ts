/**
 * No secret ever enters the bundle (style.md). Run after `vite build`:
 *
 *   tsx scripts/check-no-secrets.ts [dist]
 *
 * Looks through every file under dist/ for
 *  - the value of each token variable set in the environment (PLATFORM_DEVELOPER_TOKEN,
 *    PLATFORM_SESSION_TOKEN, PLATFORM_ACCESS_TOKEN and any other PLATFORM_*TOKEN/SECRET/KEY/PASSWORD),
 *    as written, URL-encoded and base64-encoded;
 *  - a credential header written down with a literal value (`"X-SERVICE-Developer-Token": "…"`,
 *    `x-service-authentication`, `Authorization: Bearer …`), whatever the tokens are.
 * Exits 1 naming each file and what was found (never a whole value), 2 when there is no dist/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MIN_VALUE_LENGTH = 8;
const TOKEN_VARIABLE = /^PLATFORM_\w*(TOKEN|SECRET|KEY|PASSWORD)\w*$/;

// A quoted literal next to a credential header name. Names of headers (words and dashes only)
// are not values: a list of header names must not trip the check.
const TOKENISH = String.raw`[A-Za-z0-9._~+/=-]{${MIN_VALUE_LENGTH},}`;
const HEADER_PATTERNS: { name: string; pattern: RegExp }[] = [
  {
    name: 'developer-token header with a literal value',
    pattern: new RegExp(
      String.raw`Developer-Token["'\x60]?\s*[:=,]\s*["'\x60](${TOKENISH})["'\x60]`,
      'gi',
    ),
  },
  {
    name: 'session-token header with a literal value',
    pattern: new RegExp(
      String.raw`x-[\w-]+-authentication["'\x60]?\s*[:=,]\s*["'\x60](${TOKENISH})["'\x60]`,
      'gi',
    ),
  },
  {
    name: 'bearer token literal',
    pattern: new RegExp(String.raw`Bearer\s+(${TOKENISH})`, 'g'),
  },
];
const looksLikeHeaderName = (value: string) => /^[A-Za-z]+(-[A-Za-z]+)+$/.test(value);
const looksLikeToken = (value: string) =>
  !looksLikeHeaderName(value) && (/\d/.test(value) || value.length >= 20);

interface Finding {
  file: string;
  what: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function secretValues(env: NodeJS.ProcessEnv): { name: string; forms: string[] }[] {
  const values: { name: string; forms: string[] }[] = [];
  for (const [name, raw] of Object.entries(env)) {
    if (!TOKEN_VARIABLE.test(name) || !raw?.trim()) continue;
    const value = raw.trim();
    if (value.length < MIN_VALUE_LENGTH) {
      console.warn(
        `check-no-secrets: ${name} is shorter than ${MIN_VALUE_LENGTH} characters: not searched for`,
      );
      continue;
    }
    const forms = new Set([
      value,
      encodeURIComponent(value),
      Buffer.from(value).toString('base64'),
    ]);
    values.push({ name, forms: [...forms] });
  }
  return values;
}

function scan(
  dir: string,
  env: NodeJS.ProcessEnv,
): { files: number; values: number; findings: Finding[] } {
  const files = filesUnder(dir);
  const values = secretValues(env);
  const findings: Finding[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    const rel = path.relative(process.cwd(), file);
    for (const { name, forms } of values) {
      if (forms.some((form) => bytes.includes(form)))
        findings.push({ file: rel, what: `the value of ${name}` });
    }
    const text = bytes.toString('latin1');
    for (const { name, pattern } of HEADER_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const value = match[1] ?? '';
        if (!looksLikeToken(value)) continue;
        findings.push({
          file: rel,
          what: `${name} (${value.slice(0, 4)}…, offset ${match.index})`,
        });
      }
    }
  }
  return { files: files.length, values: values.length, findings };
}

const dir = path.resolve(process.argv[2] ?? 'dist');
if (!existsDir(dir)) {
  console.error(`check-no-secrets: ${dir} does not exist: run \`vite build\` first`);
  process.exit(2);
}
const { files, values, findings } = scan(dir, process.env);
if (findings.length > 0) {
  console.error(`check-no-secrets: ${findings.length} secret(s) in the build:`);
  for (const f of findings) console.error(`  ${f.file}: ${f.what}`);
  process.exit(1);
}
console.log(
  `check-no-secrets: no secrets in ${files} file(s) under ${path.relative(process.cwd(), dir) || '.'} ` +
    `(${values} token value(s) from the environment, ${HEADER_PATTERNS.length} header patterns)`,
);

function existsDir(p: string) {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

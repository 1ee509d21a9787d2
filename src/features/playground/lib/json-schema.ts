/**
 * Checks a value against the JSON Schema keywords a response format uses in practice: `type`,
 * `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const`. Other
 * keywords are not checked (the answer says so). Returns the problems, each with its path.
 */
export function schemaProblems(value: unknown, schema: unknown, at = '$'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (Array.isArray(s.enum) && !s.enum.some((option) => same(option, value)))
    problems.push(`${at}: expected one of ${s.enum.map((o) => JSON.stringify(o)).join(', ')}`);
  if ('const' in s && !same(s.const, value))
    problems.push(`${at}: expected ${JSON.stringify(s.const)}`);
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [];
  if (types.length > 0 && !types.some((t) => hasType(value, t as string))) {
    problems.push(`${at}: expected ${types.join(' or ')}, got ${typeName(value)}`);
    return problems;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    for (const name of Array.isArray(s.required) ? (s.required as string[]) : [])
      if (!Object.hasOwn(object, name)) problems.push(`${at}.${name}: required`);
    for (const [name, item] of Object.entries(object)) {
      if (Object.hasOwn(properties, name))
        problems.push(...schemaProblems(item, properties[name], `${at}.${name}`));
      else if (s.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
    }
  }
  if (Array.isArray(value) && s.items !== undefined)
    value.forEach((item, i) => problems.push(...schemaProblems(item, s.items, `${at}[${i}]`)));
  return problems;
}

function typeName(value: unknown) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function hasType(value: unknown, type: string) {
  const actual = typeName(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The bound parameters of one statement: `add` keeps a value and answers its placeholder. */
export class SqlParams {
  readonly values: unknown[];

  constructor(initial: unknown[] = []) {
    this.values = [...initial];
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A piece of WHERE clause that binds its values into the statement's parameters. */
export type Condition = (params: SqlParams) => string;

export const all = (parts: string[]) => {
  const kept = parts.filter((p) => p !== 'TRUE');
  if (kept.length === 0) return 'TRUE';
  return kept.length === 1 ? kept[0]! : kept.map((p) => `(${p})`).join(' AND ');
};

export const any = (parts: string[]) => {
  if (parts.length === 0) return 'FALSE';
  return parts.length === 1 ? parts[0]! : parts.map((p) => `(${p})`).join(' OR ');
};

export const not = (part: string) => `NOT (${part})`;

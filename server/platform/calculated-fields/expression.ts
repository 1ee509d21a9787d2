import { createHash } from 'node:crypto';

/** SQL words that may stand before "(" without being a function call. */
const NOT_FUNCTIONS = new Set(['OVER', 'IN', 'AND', 'OR', 'NOT', 'AS', 'WHEN', 'THEN', 'ELSE']);

export interface ExpressionParts {
  /** Function names in order of first use (CASE counts as one). */
  functions: string[];
  /** Every column reference with the offset of its opening backtick. */
  columnPositions: Array<{ columnName: string; columnPosition: number }>;
}

/**
 * A small tokenizer for Beast-Mode-like expressions: string literals ('it''s'), backtick column
 * references, identifiers, comments (-- and /* *\/). Only identifiers directly followed by "("
 * (spaces allowed) are function calls; words inside literals or column names never count.
 */
export function parseExpression(expression: string): ExpressionParts {
  const functions: string[] = [];
  const columnPositions: ExpressionParts['columnPositions'] = [];
  const n = expression.length;
  let i = 0;
  while (i < n) {
    const ch = expression[i]!;
    if (ch === "'" || ch === '"') {
      i++;
      while (i < n) {
        if (expression[i] === ch) {
          if (expression[i + 1] === ch) i += 2;
          else break;
        } else i++;
      }
      i++;
    } else if (ch === '`') {
      const end = expression.indexOf('`', i + 1);
      const stop = end === -1 ? n : end;
      columnPositions.push({ columnName: expression.slice(i + 1, stop), columnPosition: i });
      i = stop + 1;
    } else if (ch === '-' && expression[i + 1] === '-') {
      const end = expression.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (ch === '/' && expression[i + 1] === '*') {
      const end = expression.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(expression[j]!)) j++;
      const word = expression.slice(i, j).toUpperCase();
      let k = j;
      while (k < n && /\s/.test(expression[k]!)) k++;
      if (word === 'CASE') functions.push('CASE');
      else if (expression[k] === '(' && !NOT_FUNCTIONS.has(word)) functions.push(word);
      i = j;
    } else i++;
  }
  return { functions: [...new Set(functions)], columnPositions };
}

export const checkSumOf = (expression: string) =>
  createHash('sha256').update(expression).digest('hex');

import type { JsonObject } from '../../../../api/contract';
import { describeJsonError, isJsonObject, jsonErrorLine } from './json-text';

export interface ImportLineError {
  /** 1-based line of the file; for a JSON array, the line where the item starts. */
  line: number;
  message: string;
}

export interface ParsedImport {
  format: 'json' | 'ndjson';
  /** The content of each document to create. */
  documents: JsonObject[];
  errors: ImportLineError[];
}

/** The fields of a document (2.2) around its content: what this screen's JSON export writes. */
const documentFields = new Set([
  'id',
  'datastoreId',
  'collectionId',
  'syncRequired',
  'owner',
  'createdBy',
  'createdOn',
  'updatedOn',
  'updatedBy',
  'content',
]);

/**
 * An item is a document's content; a whole document (an exported one) gives its `content`, so
 * that an export imports back as copies.
 */
export function contentOf(item: JsonObject): JsonObject {
  const content = item.content;
  const isDocument =
    isJsonObject(content) && Object.keys(item).every((key) => documentFields.has(key));
  return isDocument ? content : item;
}

const notAnObject = (value: unknown) =>
  `expected a JSON object, found ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`;

function parseArray(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      format: 'json',
      documents: [],
      errors: [
        {
          line: jsonErrorLine(text),
          message: describeJsonError(text, error).replace(/^line \d+, /, ''),
        },
      ],
    };
  }
  if (!Array.isArray(value)) return { format: 'json', documents: [], errors: [] };
  const starts = itemStartLines(text);
  const documents: JsonObject[] = [];
  const errors: ImportLineError[] = [];
  value.forEach((item: unknown, i) => {
    if (isJsonObject(item)) documents.push(contentOf(item));
    else errors.push({ line: starts[i] ?? 1, message: `item ${i + 1}: ${notAnObject(item)}` });
  });
  return { format: 'json', documents, errors };
}

/** The line where each top-level item of a JSON array starts (the text is valid JSON). */
function itemStartLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  let expectItem = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (depth === 1 && expectItem && ch !== ']') {
      lines.push(line);
      expectItem = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectItem = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectItem = true;
  }
  return lines;
}

function parseLines(text: string): ParsedImport {
  const documents: JsonObject[] = [];
  const errors: ImportLineError[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    try {
      const value: unknown = JSON.parse(line);
      if (isJsonObject(value)) documents.push(contentOf(value));
      else errors.push({ line: i + 1, message: notAnObject(value) });
    } catch (error) {
      errors.push({
        line: i + 1,
        message: describeJsonError(line, error).replace(/^line 1, /, ''),
      });
    }
  });
  return { format: 'ndjson', documents, errors };
}

/** A JSON array of objects, or NDJSON (one object per line); told apart by the first character. */
export function parseImport(text: string): ParsedImport {
  const body = text.replace(/^\uFEFF/, '');
  return body.trimStart().startsWith('[') ? parseArray(body) : parseLines(body);
}

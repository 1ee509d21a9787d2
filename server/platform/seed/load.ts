import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { z } from 'zod';

/** The sample data: JSON (and CSV for rows) under `seed/data/`, each file parsed by its schema. */
export const dataDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');

const read = (file: string) => fs.readFileSync(path.join(dataDir, file), 'utf8');

/** `data/<file>` parsed by `schema`; a mismatch names the file and the field. */
export function readData<T extends z.ZodType>(file: string, schema: T): z.output<T> {
  const parsed = schema.safeParse(JSON.parse(read(file)));
  if (!parsed.success)
    throw new Error(`sample data ${file}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`);
  return parsed.data;
}

/** Each JSON file of `data/<folder>`, in file-name order, parsed by `schema`. */
export const readDataFolder = <T extends z.ZodType>(folder: string, schema: T) =>
  fs
    .readdirSync(path.join(dataDir, folder))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => readData(path.join(folder, name), schema));

/** The bytes of `data/<file>` as they are (a data file's revision is uploaded byte for byte). */
export const readBytes = (file: string) => fs.readFileSync(path.join(dataDir, file));

/** The rows of the CSV `data/<file>` as records of strings. */
export function readCsv(file: string): Array<Record<string, string>> {
  const { data, errors } = Papa.parse<Record<string, string>>(read(file), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (errors.length) throw new Error(`sample data ${file}: ${errors[0]!.message}`);
  return data;
}

/** A UTC time written as ISO 8601 in the data, as epoch millis. */
export const isoMillis = z.iso.datetime().transform((value) => Date.parse(value));

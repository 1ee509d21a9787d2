import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageRows } from '../datasets/staged-rows';
import { createDataset } from '../datasets/store';
import type { Db } from '../store';
import { openTestStore, testJob } from '../testing';
import { parseCsv } from './csv';
import { stageCsvInEngine } from './engine-csv';
import { scanCsv } from './engine-csv-scan';

/**
 * On PostgreSQL the engine parses, types and stages a CSV; for every text it takes,
 * the staged cells (jsonb, compared as the engine writes them) and the columns are exactly the
 * Node path's (csv.ts, then stageRows); any text it cannot read exactly goes the Node path.
 */
const cases: Array<{ name: string; csv: string; engine: boolean }> = [
  {
    name: 'the bench shape',
    csv: 'id,day,region,amount,note\n1,2026-01-02,South,21.25,"order 1, batch 1"\n2,2026-01-03,East,44.40,"order 2, batch 2"\n',
    engine: true,
  },
  {
    name: 'every type, a BOM, quoted commas',
    csv:
      '\uFEFFid,price,day,at,label,zip,mixed\n' +
      '1,2.5,2026-11-21,2026-11-21T10:00:00Z,a,01234,1\n' +
      '-2,3,2026-02-28,2026-11-21 10:00,"b, quoted",75001,x\n' +
      '3,,2026-12-31,2026-11-21T10:00:00.123+01:00,,10115,2.5\n',
    engine: true,
  },
  {
    name: 'numbers JS and float8 write alike',
    csv: 'a,b,c,d\n1.50,5,-0,.5e3\n+7,-9007199254740991,0,1e15\n0.0000001,9007199254740991,+0,123456789012345.5\n-.25,12,7,0.1\n',
    engine: true,
  },
  {
    name: 'impossible days make STRING',
    csv: 'd,e,f,g\n2026-02-30,0050-01-01,2024-02-29,2026-11-21T24:00\n2026-01-01,2026-01-01,2000-02-29,x\n',
    engine: true,
  },
  {
    name: 'a number at or above 2^53 (JS and float8 may write it apart)',
    csv: 'n,m\n9007199254740993,1\n46372532844543456,2.5\n',
    engine: false,
  },
  {
    name: 'empty, blank and null cells',
    csv: 'a,b,c\n"",  ,x\n\t,"",z\n1, 2 ," y "\n',
    engine: true,
  },
  {
    name: 'quotes, newlines in quotes, unicode',
    csv: 'id,text\n1,"say ""hi"""\n2,"line\nbreak, and more"\n3,naïve – “curly” 😀\n4,"""",\n',
    engine: false,
  },
  {
    name: 'quotes, newlines in quotes, unicode (two fields each)',
    csv: 'id,text\n1,"say ""hi"""\n2,"line\nbreak, and more"\n3,naïve – “curly” 😀\n4,""""\n',
    engine: true,
  },
  {
    name: 'CRLF line ends, a quoted CRLF',
    csv: 'a,b\r\n1,"x\r\ny"\r\n2,z\r\n\r\n',
    engine: true,
  },
  {
    name: 'blank and repeated header names, one column',
    csv: 'a, ,a\n1,2,3\n',
    engine: true,
  },
  { name: 'one column', csv: 'only\n1\n2\n', engine: true },
  { name: 'a header only', csv: 'x,y\n', engine: true },
  { name: 'blank lines are skipped', csv: 'a,,a\n\n1,2,3\n\n', engine: false },
  { name: 'a blank row of commas', csv: 'a,b\n1,2\n,\n3,4\n', engine: false },
  { name: 'a ragged row', csv: 'a,b\n1,2\n3\n', engine: false },
  { name: 'an open quote', csv: 'a,b\n"1,2\n', engine: false },
  { name: 'a quote inside a field', csv: 'a,b\nx"y,2\nab""c,3\n', engine: false },
  { name: 'spaces after a closing quote', csv: 'a,b\n"x"  ,2\n', engine: false },
  { name: 'semicolons', csv: 'a;b;c\n1;2;3\n4;5;6\n', engine: false },
  { name: 'an end-of-data mark', csv: 'a,b\n\\.,1\n', engine: false },
  { name: 'a no-break space', csv: 'a,b\n\u00A01,2\n', engine: false },
  { name: 'mixed line ends', csv: 'a,b\n1,2\r\n3,4\n', engine: false },
  { name: 'an empty file', csv: '', engine: false },
];

/** Seeded values of every shape a column may take, so that each column's type is judged anew. */
function randomCsv(seed: number, rows: number) {
  let x = seed;
  const rnd = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const number = () => {
    const v = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 35 - 20);
    return pick([
      String(v),
      v.toPrecision(1 + Math.floor(rnd() * 17)),
      v.toExponential(3),
      String(Math.round(v)),
    ]);
  };
  const day = () =>
    `${pick(['2024', '1999', '0099', '2100'])}-${pick(['01', '02', '04', '12'])}-${pick(['01', '28', '29', '30', '31'])}`;
  const families = [
    () => String(Math.floor((rnd() - 0.5) * 2 ** 53)),
    number,
    () => (rnd() < 0.05 ? pick(['', ' ', '""', ` ${number()}\t`]) : number()),
    day,
    () =>
      `${day()}${pick(['T', ' '])}${pick(['00', '23', '24'])}:${pick(['00', '59'])}${pick(['', ':30', ':30.5', 'Z', '+01:00', '-0130'])}`,
    () => pick(['a', ' b ', '"c, d"', '"e ""f"""', 'ü😀', '"g\nh"', '1', '']),
  ];
  const lines = ['i,n,blanks,d,dt,s'];
  for (let r = 0; r < rows; r++) lines.push(families.map((f) => f()).join(','));
  return lines.join('\n');
}
const manyRows = (n: number, last: string) =>
  `a,b,c\n${Array.from({ length: n }, (_, i) => `${i},2026-01-0${(i % 9) + 1},${i}.5`).join('\n')}\n${last}\n`;
cases.push(
  {
    name: 'a value past the sampled rows that fits no longer',
    csv: manyRows(1_200, '1,x,1'),
    engine: true,
  },
  {
    name: 'a number past the sampled rows',
    csv: manyRows(1_200, '1.5,2026-01-01,1e-7'),
    engine: true,
  },
  { name: 'a blank row past the sampled rows', csv: manyRows(1_200, ' ,,'), engine: false },
);
for (let seed = 1; seed <= 8; seed++)
  cases.push({ name: `seeded values ${seed}`, csv: randomCsv(seed, 1_500), engine: true });

let db: Db;
beforeAll(async () => {
  db = await openTestStore('engine-csv-test-');
});
afterAll(() => db.close());

const job = () => testJob(db);
const dataset = () =>
  db.transaction((tx) => createDataset(tx, { name: `csv ${randomUUID()}`, owner: 1, columns: [] }));
const cellsOf = async (datasetId: string, storage: string) =>
  (
    await db.query<{ cells: string }>(
      `SELECT cells::text AS cells FROM dataset_rows WHERE dataset_id = $1 AND partition_id = $2
       ORDER BY row_index`,
      [datasetId, storage],
    )
  ).map((r) => r.cells);

describe('where COPY and papaparse read a text alike', () => {
  it('finds quotes that open and close fields, and the first line end', () => {
    const eol = (text: string) => scanCsv(text)?.eol ?? null;
    expect(eol('a,"b ""c"""\r\n1,2')).toBe('\r\n');
    expect(eol('"a\nb",c\rd')).toBe('\r');
    expect(eol('a')).toBe('\n');
    expect(eol('a,b"c')).toBeNull();
    expect(eol('a,"b"c')).toBeNull();
    expect(eol('a,"b')).toBeNull();
    expect(scanCsv('a,"b\nc"\n1,2')?.quotedBreak).toBe(true);
    expect(scanCsv('a,"b c"\n1,"2"')?.quotedBreak).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)('a CSV typed and staged by PostgreSQL', () => {
  it.each(cases)('$name: the same cells and columns as the Node path', async ({ csv, engine }) => {
    const datasetId = await dataset();
    const node = await parseCsv(csv).catch((error: Error) => error);
    let heard: number | undefined;
    const inEngine = await stageCsvInEngine(db, datasetId, csv, await job(), (n) => {
      heard = n;
      return Promise.resolve();
    });
    expect(inEngine !== null).toBe(engine);
    if (!inEngine) return;
    if (node instanceof Error) throw node;
    expect(inEngine.columns).toEqual(node.columns);
    expect(heard).toBe(node.rows.length);
    expect(inEngine.staged.rowCount).toBe(node.rows.length);
    const staged = await stageRows(db, datasetId, node.rows, await job());
    expect(await cellsOf(datasetId, inEngine.staged.storage)).toEqual(
      await cellsOf(datasetId, staged.storage),
    );
  });

  it('runs at once: the one judging on its own connection and the others alike', async () => {
    const csvs = [manyRows(1_200, '1,x,1'), manyRows(1_200, '1.5,2026-01-01,1e-7')];
    const runs = [...csvs, ...csvs].map(async (csv) => {
      const datasetId = await dataset();
      const inEngine = await stageCsvInEngine(db, datasetId, csv, await job(), () =>
        Promise.resolve(),
      );
      const node = await parseCsv(csv);
      const staged = await stageRows(db, datasetId, node.rows, await job());
      expect(inEngine!.columns).toEqual(node.columns);
      expect(await cellsOf(datasetId, inEngine!.staged.storage)).toEqual(
        await cellsOf(datasetId, staged.storage),
      );
    });
    await Promise.all(runs);
  });

  it('marks a set the engine may write as CSV only when its cells allow it', async () => {
    const plainOf = async (csv: string) => {
      const datasetId = await dataset();
      const result = await stageCsvInEngine(db, datasetId, csv, await job(), () =>
        Promise.resolve(),
      );
      const [set] = await db.query<{ plain_csv: boolean; state: string }>(
        'SELECT plain_csv, state FROM dataset_row_sets WHERE dataset_id = $1 AND storage = $2',
        [datasetId, result!.staged.storage],
      );
      expect(set!.state).toBe('staging');
      return set!.plain_csv;
    };
    expect(await plainOf('a,b\n1,"x, y"\n2.5,z\n')).toBe(true);
    expect(await plainOf('a,b\n1," x"\n')).toBe(false);
    expect(await plainOf('a,b\n1,"x\ny"\n')).toBe(false);
    expect(await plainOf('a,b\n0.0000001,x\n')).toBe(false);
  });
});

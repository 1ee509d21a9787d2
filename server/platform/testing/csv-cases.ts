// CSV texts of every shape a stream may read, for the paths that stage a CSV (the engine's,
// copy-csv.ts's and csv.ts's): `engine` says whether PostgreSQL's parse takes the text.

export const csvCases: Array<{ name: string; csv: string; engine: boolean }> = [
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
    // Each form a binary tuple writes (streams/copy-binary.ts): words of an int8 past 2^32 and
    // below 0, days before 2000 and 1970, quotes to undo, spaces to trim, text of several bytes.
    name: 'values of every binary form',
    csv:
      'n,x,d,s\n' +
      '-4294967297,-0.5,1999-12-31,"say ""hi"""\n' +
      '9007199254740991, 2.5 ,0100-03-01,naïve – 😀\n' +
      '"-9007199254740991",-0.25,1969-12-31,"a, b"\n' +
      ' 42 ,"2.5e3",2000-02-29, x \n' +
      '-0,,2400-02-29,""""\n' +
      '4294967296,1e15,2026-12-07,\n',
    engine: true,
  },
  {
    // Whole numbers, decimals and days read in the walk that finds their field's end
    // (streams/copy-types.ts formEnd): signs, 15 digits made exactly and more read by Number(),
    // a point followed by six zeros, a leap day, CRLF line ends and a last line without one.
    name: 'numbers and days read where they end',
    csv:
      'a,b,c\r\n' +
      '+5,12345678901234.5,2024-02-29\r\n' +
      '-21,1234567890.123456789,2026-01-02\r\n' +
      '123456789012345,1.000000,1999-12-31\r\n' +
      '0,-1.0000001,0100-01-01',
    engine: true,
  },
  {
    // The engine reads it as -0 where csv.ts's cell is written as 0: its CSV parse may not take it.
    name: 'a negative zero in a DOUBLE column',
    csv: 'x,y\n-0,1\n2.5,-0.0\n-0e3,-0\n',
    engine: false,
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
/** Rows enough to pass the copy's first block (128 KiB, copy-scan.ts) and the engine's sample. */
export const PAST_THE_HEAD = 8_000;
export const manyRows = (n: number, last: string) =>
  `a,b,c\n${Array.from({ length: n }, (_, i) => `${i},2026-01-0${(i % 9) + 1},${i}.5`).join('\n')}\n${last}\n`;
csvCases.push(
  {
    name: 'a value past the sampled rows that fits no longer',
    csv: manyRows(PAST_THE_HEAD, '1,x,1'),
    engine: true,
  },
  {
    name: 'a number past the sampled rows',
    csv: manyRows(PAST_THE_HEAD, '1.5,2026-01-01,1e-7'),
    engine: true,
  },
  { name: 'a blank row past the sampled rows', csv: manyRows(PAST_THE_HEAD, ' ,,'), engine: false },
);
for (let seed = 1; seed <= 8; seed++)
  csvCases.push({ name: `seeded values ${seed}`, csv: randomCsv(seed, 1_500), engine: true });

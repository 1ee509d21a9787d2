/**
 * Whether PostgreSQL's `COPY … (FORMAT csv)` reads a text exactly as papaparse does in csv.ts
 * (engine-csv.ts): then the engine may parse it. Both agree when
 * - papaparse takes ',' for the delimiter (it guesses one from the first rows),
 * - every quote opens a field (after a delimiter or a line end) and closes it (before one), with
 *   inner quotes doubled: papaparse keeps a quote inside an unquoted field as text, COPY starts a
 *   quoted part there; papaparse allows spaces after a closing quote, COPY keeps them;
 * - no `\.` (COPY's end-of-data mark) and no whitespace that JS's trim() removes and the SQL trim
 *   does not (non-ASCII spaces, U+FEFF);
 * - the line ends are one kind (COPY fails otherwise, and the Node path then reads the text).
 * Blank rows (papaparse skips them), a ragged row or a bad byte are caught by COPY or the engine's
 * scan and also send the text the Node path.
 */

const JS_ONLY_SPACE = /[\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]/;

const isLineEnd = (ch: string | undefined) => ch === '\n' || ch === '\r';

/** A number JS writes with an exponent (below 1e-6) may be in the text: erring on "may". */
const TINY_NUMBER = /\d[eE]-\d|\.000000/;
/** A space at the edge of an unquoted field (the text's own ends are looked at apart). */
const EDGE_SPACE = / [,\r\n]|[,\r\n] /g;

/** Where `char` next occurs at or after `from`, searched again only once passed (-1: none). */
function nextOf(text: string, char: string) {
  let at = -2;
  return (from: number) => {
    if (at !== -1 && at < from) at = text.indexOf(char, from);
    return at;
  };
}

/** The line end that starts at `i` of `text` (a CR, LF or CRLF there). */
export const eolAt = (text: string, i: number) =>
  text[i] === '\r' ? (text[i + 1] === '\n' ? '\r\n' : '\r') : '\n';

/** Where `text` ends once its last line ends are trimmed (not before `from`). */
function trimmedEnd(text: string, eol: string, from = 0) {
  let end = text.length;
  while (end - eol.length >= from && text.startsWith(eol, end - eol.length)) end -= eol.length;
  return end;
}

/**
 * The first line end outside quotes ('\n', '\r\n' or '\r'; '\n' when there is none), whether a
 * quoted field holds a line break, and whether a field starts or ends with a space; or null when a quote sits where papaparse and COPY would read
 * it differently (or is never closed).
 */
export function scanCsv(
  text: string,
): { eol: string; quotedBreak: boolean; edgeSpace: boolean } | null {
  const lf = nextOf(text, '\n');
  const cr = nextOf(text, '\r');
  let edge = -2;
  let eol = '';
  let quotedBreak = false;
  let edgeSpace = false;
  let from = 0;
  for (;;) {
    const quote = text.indexOf('"', from);
    const end = quote < 0 ? text.length : quote;
    if (!edgeSpace && edge !== -1 && edge < from) {
      EDGE_SPACE.lastIndex = from;
      edge = EDGE_SPACE.exec(text)?.index ?? -1;
    }
    if (edge >= from && edge < end) edgeSpace = true;
    if (!eol) {
      const first = [lf(from), cr(from)].filter((i) => i >= 0 && i < end).sort((a, b) => a - b)[0];
      if (first !== undefined) eol = eolAt(text, first);
    }
    if (quote < 0) return { eol: eol || '\n', quotedBreak, edgeSpace };
    const before = text[quote - 1];
    if (quote > 0 && before !== ',' && !isLineEnd(before)) return null;
    let at = quote + 1;
    for (;;) {
      const close = text.indexOf('"', at);
      if (close < 0) return null;
      if (text[close + 1] === '"') {
        at = close + 2;
        continue;
      }
      const after = text[close + 1];
      if (after !== undefined && after !== ',' && !isLineEnd(after)) return null;
      if (text[quote + 1] === ' ' || (close > quote + 1 && text[close - 1] === ' '))
        edgeSpace = true;
      if (!quotedBreak) {
        const br = [lf(quote), cr(quote)].filter((i) => i >= 0);
        quotedBreak = br.some((i) => i < close);
      }
      from = close + 1;
      break;
    }
  }
}

/** What papaparse makes of the first rows: its delimiter and the header record. */
export interface HeadParse {
  data: string[][];
  meta: { delimiter: string };
}

/**
 * The text as COPY should read it (BOM gone, the line ends after the last row trimmed, which
 * papaparse skips as blank), the header's field count, and whether the engine may write its
 * cells as CSV (`plain_csv`); or null for the Node path. `parseHead` is papaparse on the text's
 * first piece, as csv.ts's first chunk.
 */
export function engineCsvReadable(
  text: string,
  parseHead: (text: string) => HeadParse,
): { body: string; columns: number; plain: boolean; eol: string; quotedBreak: boolean } | null {
  const body = text.replace(/^\uFEFF/, '');
  const scan = scanPiece(body);
  if (scan === null) return null;
  const { eol } = scan;
  const head = parseHead(body);
  const header = head.data[0];
  if (head.meta.delimiter !== ',' || !header || header.length === 0) return null;
  const end = trimmedEnd(body, eol);
  return {
    body: body.slice(0, end),
    columns: header.length,
    eol,
    quotedBreak: scan.quotedBreak,
    plain: scan.plain,
  };
}

/**
 * What the engine's parse needs of a text, or of a piece of one cut at a line end: null when
 * it would read the text otherwise than papaparse (`\.`, whitespace JS trims and SQL does not,
 * a quote where the two read it apart); else its first line end, whether a quoted field holds
 * a line break, and whether the engine may write its cells as CSV (no quoted line break, no
 * space at a field's edge, nothing that could be a number JavaScript writes with an exponent).
 */
export function scanPiece(text: string) {
  if (text.includes('\\.') || JS_ONLY_SPACE.test(text)) return null;
  const scan = scanCsv(text);
  if (scan === null) return null;
  const plain =
    !scan.quotedBreak &&
    !scan.edgeSpace &&
    !text.startsWith(' ') &&
    !text.endsWith(' ') &&
    !TINY_NUMBER.test(text);
  return { eol: scan.eol, quotedBreak: scan.quotedBreak, plain };
}

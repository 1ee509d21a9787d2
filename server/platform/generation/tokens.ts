import { decode, encode } from 'gpt-tokenizer';

// Text is text: a special token written in a prompt counts as the characters it is.
const asText = { disallowedSpecial: new Set<string>() };

/**
 * The tokenizer's byte-pair merge is quadratic in the length of one pre-tokenized word, and a
 * "word" may be a whole prompt (a run of one character). So text is encoded in pieces of at most
 * this many characters, cut just before a white-space character that follows a non-space where
 * there is one (where the tokenizer starts a new word anyway, so ordinary text counts exactly as
 * a whole), else at this length: the cost is linear in the text's length whatever it holds.
 */
export const PIECE_CHARS = 1_000;

const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x3000;

/** Where the next piece of `text` from `start` ends. */
function pieceEnd(text: string, start: number): number {
  const limit = start + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  for (let i = limit; i > start + PIECE_CHARS / 2; i--)
    if (isSpace(text.charCodeAt(i)) && !isSpace(text.charCodeAt(i - 1))) return i;
  // No such space: cut at the limit, never inside a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

function* pieces(text: string): Generator<string> {
  for (let start = 0; start < text.length;) {
    const end = pieceEnd(text, start);
    yield text.slice(start, end);
    start = end;
  }
}

/** Token counts (o200k_base, as recent OpenAI models), not a word count; linear in the length. */
export function tokenize(text: string): number[] {
  const tokens: number[] = [];
  for (const piece of pieces(text)) for (const t of encode(piece, asText)) tokens.push(t);
  return tokens;
}

export function countTokens(text: string): number {
  let count = 0;
  for (const piece of pieces(text)) count += encode(piece, asText).length;
  return count;
}

/** The first `max` tokens of a text, as text; reads no further into the text than it needs. */
export function firstTokens(text: string, max: number): { text: string; tokens: number } {
  const tokens: number[] = [];
  for (const piece of pieces(text)) {
    for (const t of encode(piece, asText)) tokens.push(t);
    if (tokens.length > max) return { text: decode(tokens.slice(0, max)), tokens: max };
  }
  return { text, tokens: tokens.length };
}

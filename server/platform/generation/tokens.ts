import { decode, encode } from 'gpt-tokenizer';

// Text is text: a special token written in a prompt counts as the characters it is.
const asText = { disallowedSpecial: new Set<string>() };

/** Real token counts (o200k_base, as recent OpenAI models), not a word count. */
export const tokenize = (text: string) => encode(text, asText);
export const countTokens = (text: string) => tokenize(text).length;

/** The first `max` tokens of a text, as text. */
export function firstTokens(text: string, max: number): { text: string; tokens: number } {
  const tokens = tokenize(text);
  if (tokens.length <= max) return { text, tokens: tokens.length };
  return { text: decode(tokens.slice(0, max)), tokens: max };
}

/**
 * Where JSON text goes wrong, and why, in the same words in every browser (JSON.parse's
 * messages differ between engines, and some give no position at all).
 */
export interface JsonSyntaxError {
  offset: number;
  reason: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

export function findJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (reason: string): never => {
    throw new Stop(i, i >= text.length ? 'the text ends before the JSON does' : reason);
  };
  const found = () => (i < text.length ? `found ${JSON.stringify(text[i])}` : '');

  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const ch = text[i]!;
      if (ch < ' ') fail('a line break or control character inside a string');
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('a bad \\u escape');
          i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) fail('a bad escape in a string');
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= text.length) fail('');
    i++;
  };

  const value = (): void => {
    space();
    const ch = text[i];
    if (ch === '{') return object();
    if (ch === '[') return array();
    if (ch === '"') return string();
    const number = NUMBER.exec(text.slice(i));
    if (number) {
      i += number[0].length;
      return;
    }
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal) {
      i += literal.length;
      return;
    }
    fail(`expected a value, ${found()}`);
  };

  const object = () => {
    i++;
    space();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      space();
      if (text[i] !== '"') fail(`expected a property name in double quotes, ${found()}`);
      string();
      space();
      if (text[i] !== ':') fail(`expected ':' after the property name, ${found()}`);
      i++;
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      fail(`expected ',' or '}', ${found()}`);
    }
  };

  const array = () => {
    i++;
    space();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      space();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      fail(`expected ',' or ']', ${found()}`);
    }
  };

  try {
    value();
    space();
    if (i < text.length) fail(`unexpected text after the JSON, ${found()}`);
    return null;
  } catch (error) {
    if (error instanceof Stop) return { offset: error.offset, reason: error.reason };
    throw error;
  }
}

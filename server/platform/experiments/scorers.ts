import { EXPERIMENT_LIMITS, type ExperimentScorer } from '../../../src/api/contract';
import { testRegexOffThread } from './regex-thread';

/** What a scorer looks at: the answer, the case's expected value and its inputs. */
export interface ScoreInput {
  output: string;
  expected: string | null;
  inputs: Record<string, string>;
}

export interface Score {
  score: number;
  reason: string | null;
}

export type JudgeScorer = Extract<ExperimentScorer, { type: 'judge' }>;
export type RuleScorer = Exclude<ExperimentScorer, JudgeScorer>;

/**
 * How long one regular expression may run on one answer before it scores 0; a pattern is given
 * a second try, so a busy machine's pause is not taken for a pattern that never ends.
 */
export const REGEX_TIMEOUT_MS = 100;
const REGEX_TRIES = 2;
/** How a score given for a pattern out of time begins. */
export const PATTERN_TIMEOUT = 'the pattern ran longer than';
/** Problems of a JSON schema check named in a reason; nesting a schema check descends. */
const MAX_SCHEMA_PROBLEMS = 5;
const MAX_SCHEMA_DEPTH = 32;
/** Characters of a quoted value in a reason. */
const QUOTED = 80;

const pass = (reason: string | null = null): Score => ({ score: 1, reason });
const failed = (reason: string): Score => ({ score: 0, reason });
const quote = (text: string) =>
  JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/** A scorer that compares needs the expected column's value. */
const noExpected = () => failed('the case has no expected value');

/** The scorer's regular expression, or the reason it is not one (a create answers it as a 400). */
export function compilePattern(scorer: Extract<ExperimentScorer, { type: 'regex' }>) {
  try {
    return new RegExp(scorer.pattern, scorer.flags ?? '');
  } catch (error) {
    return (error as Error).message;
  }
}

/** The answer parsed as JSON (surrounding white space allowed), or why it is not JSON. */
function parseJson(text: string): { value: unknown } | { problem: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

function typeName(value: unknown) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A JSON Schema subset, the keywords response formats use: `type` (one or a list; `number`
 * takes integers), `enum`, `const`, `required`, `properties`, `additionalProperties: false` and
 * `items` (one schema for every item). Other keywords are not checked.
 */
export function schemaProblems(value: unknown, schema: unknown, at = '$', depth = 0): string[] {
  if (typeof schema !== 'object' || schema === null || depth > MAX_SCHEMA_DEPTH) return [];
  const s = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (Array.isArray(s.enum) && !s.enum.some((option) => sameJson(option, value)))
    problems.push(`${at}: expected one of ${s.enum.map((o) => JSON.stringify(o)).join(', ')}`);
  if ('const' in s && !sameJson(s.const, value))
    problems.push(`${at}: expected ${JSON.stringify(s.const)}`);
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [];
  const actual = typeName(value);
  if (
    types.length > 0 &&
    !types.some((t) => t === actual || (t === 'number' && actual === 'integer'))
  ) {
    problems.push(`${at}: expected ${types.join(' or ')}, got ${actual}`);
    return problems;
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (
      typeof s.properties === 'object' && s.properties !== null ? s.properties : {}
    ) as Record<string, unknown>;
    for (const name of Array.isArray(s.required) ? s.required : [])
      if (typeof name === 'string' && !Object.hasOwn(object, name))
        problems.push(`${at}.${name}: required`);
    for (const [name, item] of Object.entries(object)) {
      if (problems.length >= MAX_SCHEMA_PROBLEMS) break;
      if (Object.hasOwn(properties, name))
        problems.push(...schemaProblems(item, properties[name], `${at}.${name}`, depth + 1));
      else if (s.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
    }
  }
  if (Array.isArray(value) && s.items !== undefined)
    for (const [i, item] of value.entries()) {
      if (problems.length >= MAX_SCHEMA_PROBLEMS) break;
      problems.push(...schemaProblems(item, s.items, `${at}[${i}]`, depth + 1));
    }
  return problems.slice(0, MAX_SCHEMA_PROBLEMS);
}

const fold = (text: string, caseSensitive: boolean) =>
  caseSensitive ? text : text.toLocaleLowerCase('en-US');

/**
 * A rule's score of one answer: 1 when it passes, else 0 with what it found. The answer and the
 * expected value are compared without the white space around them.
 */
export async function ruleScore(
  scorer: RuleScorer,
  { output, expected }: ScoreInput,
): Promise<Score> {
  switch (scorer.type) {
    case 'exactMatch': {
      if (expected === null) return noExpected();
      return fold(output.trim(), scorer.caseSensitive) ===
        fold(expected.trim(), scorer.caseSensitive)
        ? pass()
        : failed(`the answer is not ${quote(expected.trim())}`);
    }
    case 'contains': {
      const value = scorer.value ?? expected;
      if (value === null) return noExpected();
      return fold(output, scorer.caseSensitive).includes(fold(value, scorer.caseSensitive))
        ? pass()
        : failed(`the answer does not contain ${quote(value)}`);
    }
    case 'regex': {
      // Tested on a thread of its own: a pattern that backtracks holds that thread, not the
      // event loop; the answer it is tested on is at most EXPERIMENT_LIMITS.outputChars long.
      const found = await testRegexOffThread({
        pattern: scorer.pattern,
        flags: scorer.flags ?? '',
        text: output.slice(0, EXPERIMENT_LIMITS.outputChars),
        timeoutMs: REGEX_TIMEOUT_MS,
        tries: REGEX_TRIES,
      });
      if (typeof found === 'object') return failed(`not a regular expression: ${found.invalid}`);
      if (found === 'timeout')
        return failed(`${PATTERN_TIMEOUT} ${REGEX_TIMEOUT_MS} ms on the answer`);
      return found ? pass() : failed(`no match for /${scorer.pattern}/${scorer.flags ?? ''}`);
    }
    case 'validJson': {
      const parsed = parseJson(output);
      return 'value' in parsed ? pass() : failed(`not JSON: ${parsed.problem}`);
    }
    case 'jsonSchema': {
      const parsed = parseJson(output);
      if (!('value' in parsed)) return failed(`not JSON: ${parsed.problem}`);
      const problems = schemaProblems(parsed.value, scorer.schema);
      return problems.length === 0 ? pass() : failed(problems.join('; '));
    }
    case 'length': {
      const length = [...output].length;
      if (scorer.min !== undefined && length < scorer.min)
        return failed(`${length} characters, fewer than ${scorer.min}`);
      if (scorer.max !== undefined && length > scorer.max)
        return failed(`${length} characters, more than ${scorer.max}`);
      return pass();
    }
  }
}

/** What the judge is asked: a system message and the prompt, with the answer to score. */
export const JUDGE_SYSTEM =
  'You grade answers against a rubric. Reply with JSON only: {"score": <a number from 0 to 1>, "reason": "<one sentence>"}.';

export function judgePrompt(rubric: string, { output, expected, inputs }: ScoreInput): string {
  const inputLines = Object.entries(inputs).map(([name, value]) => `${name}: ${value}`);
  return [
    `Rubric:\n${rubric}`,
    `Inputs:\n${inputLines.join('\n') || '(none)'}`,
    ...(expected !== null ? [`Expected answer:\n${expected}`] : []),
    `Answer to grade:\n${output}`,
    'Reply with JSON only: {"score": <a number from 0 to 1>, "reason": "<one sentence>"}',
  ].join('\n\n');
}

/** The judge's `{"score", "reason"}`, read from its answer (code fences and prose around it allowed). */
export function judgeScore(answer: string): Score {
  const notAScore = () =>
    failed(`the judge's answer was not a score: ${quote(answer.trim() || '(empty)')}`);
  const candidates: string[] = [answer.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  if (fenced) candidates.push(fenced[1]!.trim());
  const first = answer.indexOf('{');
  const last = answer.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(answer.slice(first, last + 1));
  for (const candidate of candidates) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(candidate);
    } catch {
      continue;
    }
    if (typeof parsed !== 'object' || parsed === null) continue;
    const { score, reason } = parsed as { score?: unknown; reason?: unknown };
    const value = typeof score === 'string' && score.trim() !== '' ? Number(score) : score;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1)
      return notAScore();
    return {
      score: value,
      reason: typeof reason === 'string' ? reason.slice(0, 1000) : null,
    };
  }
  return notAScore();
}

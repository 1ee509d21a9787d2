import type {
  DataSourceSchema,
  SummaryStyle,
  TextSummarizeBody,
  TextToBeastModeBody,
  TextToSqlBody,
} from '../../../src/api/contract';

/**
 * The text services beyond plain generation (text to SQL, summaries, text to beast mode): each a
 * default system message and prompt template over the same generation (service.ts), with the
 * values its placeholders take. A request's own `promptTemplate`, `system` and `parameters` win.
 * The prompts are listed in docs/platform-gaps.md ("Text generation").
 */
export interface GenerationTask {
  name: 'text-to-sql' | 'summarize' | 'text-to-beastmode';
  /** The task's template; `${system}` is put before it for a model that takes no system message. */
  template: string;
  system: string;
  /** The task's own placeholders' values (`parameters` of the request win over them). */
  values: Record<string, string>;
}

export const TEXT_TO_SQL_SYSTEM =
  'You translate questions about data into one SQL query for MySQL. Use only the tables and ' +
  'columns given; put a table or column name in backticks. Answer with the query alone, ' +
  'without explanation or code fences.';
export const TEXT_TO_SQL_TEMPLATE =
  '# MYSQL\n# The tables, as JSON (dataSourceName, description, columns with name and type):\n' +
  '# ${dataSourceSchemas}\n# Write a query that answers the following:\n# ${input}';

export const BEAST_MODE_SYSTEM =
  'You write one Beast Mode calculation (a calculated field) over a dataset: a SQL-like ' +
  'expression over one row or an aggregate, with each column in backticks (`Sales`), text in ' +
  "single quotes ('North'), functions called by name (SUM(`Sales`), COUNT(DISTINCT `Product`), " +
  "CASE WHEN `Region` = 'North' THEN `Sales` ELSE 0 END), a window function with OVER (...), " +
  'comments as -- or /* */. Use only the columns given: another name makes the field invalid. ' +
  'Answer with the expression alone, without a SELECT, an alias, an explanation or code fences.';
export const BEAST_MODE_TEMPLATE =
  '# The dataset, as JSON (dataSourceName, description, columns with name and type):\n' +
  '# ${dataSourceSchema}\n# Write a calculation for the following:\n# ${input}';

export const SUMMARIZE_SYSTEM =
  'You summarize text faithfully: only what the text says, in its language.';
export const SUMMARIZE_TEMPLATE =
  'Write a summary${length} of the text between triple backticks, ${style}.\n' +
  '```\n${input}\n```\nSUMMARY:';
/** How each output style is asked for (`${style}`); a summary is a paragraph unless asked. */
export const SUMMARY_STYLE_TEXT: Record<SummaryStyle, string> = {
  BULLETED: "as a bulleted list, one point a line, each line starting with '- '",
  NUMBERED: "as a numbered list, one point a line, each line starting with its number and '. '",
  PARAGRAPH: 'as one paragraph',
};

/** Put before a task's template when the request carries the conversation so far. */
export const CHAT_CONTEXT_PREFIX = 'The conversation so far:\n${chatContext}\n\n';

/** The schemas as the prompt shows them: JSON of the names, descriptions and columns. */
const schemaText = (schema: DataSourceSchema | undefined) =>
  JSON.stringify(
    schema
      ? {
          dataSourceName: schema.dataSourceName,
          ...(schema.description ? { description: schema.description } : {}),
          columns: schema.columns.map((c) => ({
            name: c.name,
            type: c.type,
            ...(c.description ? { description: c.description } : {}),
          })),
        }
      : { dataSourceName: '', columns: [] },
  );

const chatText = (messages: Array<{ role: string; content: string }>) =>
  messages.map((m) => `${m.role === 'ASSISTANT' ? 'Assistant' : 'User'}: ${m.content}`).join('\n');

/** A task's template with the conversation before it, when there is one. */
function withChat(
  task: GenerationTask,
  chat: Array<{ role: string; content: string }> | undefined,
): GenerationTask {
  if (!chat?.length) return task;
  return {
    ...task,
    template: CHAT_CONTEXT_PREFIX + task.template,
    values: { ...task.values, chatContext: chatText(chat) },
  };
}

export const textToSqlTask = (request: TextToSqlBody): GenerationTask => ({
  name: 'text-to-sql',
  template: TEXT_TO_SQL_TEMPLATE,
  system: TEXT_TO_SQL_SYSTEM,
  values: {
    dataSourceSchemas: `[${(request.dataSourceSchemas ?? []).map((s) => schemaText(s)).join(',')}]`,
  },
});

export const textToBeastModeTask = (request: TextToBeastModeBody): GenerationTask =>
  withChat(
    {
      name: 'text-to-beastmode',
      template: BEAST_MODE_TEMPLATE,
      system: BEAST_MODE_SYSTEM,
      values: { dataSourceSchema: schemaText(request.dataSourceSchema) },
    },
    request.chatContext,
  );

/** ` of 5 to 10 words`, ` of at most 10 words`, ` of at least 5 words`, or nothing. */
function lengthText(bounds: TextSummarizeBody['outputWordLength']) {
  const { min, max } = bounds ?? {};
  if (min !== undefined && max !== undefined) return ` of ${min} to ${max} words`;
  if (max !== undefined) return ` of at most ${max} words`;
  if (min !== undefined) return ` of at least ${min} words`;
  return '';
}

export const summarizeTask = (request: TextSummarizeBody): GenerationTask =>
  withChat(
    {
      name: 'summarize',
      template: SUMMARIZE_TEMPLATE,
      system: SUMMARIZE_SYSTEM,
      values: {
        style: SUMMARY_STYLE_TEXT[request.outputStyle ?? 'PARAGRAPH'],
        length: lengthText(request.outputWordLength),
      },
    },
    request.chatContext,
  );

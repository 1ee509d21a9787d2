import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../../lib/visually-hidden';
import {
  columnValueMisfit,
  type CollectionColumn,
  type JsonObject,
} from '../../../../api/contract';

export interface ContentFormProps {
  content: JsonObject;
  columns: CollectionColumn[];
  onChange: (content: JsonObject) => void;
}

const NUMBER_TYPES = new Set(['LONG', 'DECIMAL', 'DOUBLE']);

/** An input's text for a stored value of a column (a DATETIME shows its UTC time). */
function inputValue(column: CollectionColumn, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (column.type === 'DATETIME' && typeof value === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)/.exec(value);
    return m ? m[1]! : value;
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The stored value of an input's text; undefined removes the field. */
function storedValue(column: CollectionColumn, text: string): unknown {
  if (text === '') return undefined;
  if (NUMBER_TYPES.has(column.type)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (column.type === 'DATETIME' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text))
    return `${text.length === 16 ? `${text}:00` : text}Z`;
  return text;
}

/**
 * The content as a form built from the collection's schema: a typed input per column (numbers,
 * date and date-time pickers), each checked as the sync checks it. Fields outside the schema are
 * kept as they are and edited in the JSON view.
 */
export function ContentForm({ content, columns, onChange }: ContentFormProps) {
  const others = Object.keys(content).filter((k) => !columns.some((c) => c.name === k));
  const set = (column: CollectionColumn, text: string) => {
    const next: JsonObject = { ...content };
    const value = storedValue(column, text);
    if (value === undefined) delete next[column.name];
    else next[column.name] = value;
    onChange(next);
  };
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <legend style={visuallyHidden}>Content fields</legend>
      {columns.map((column) => {
        const value = Object.hasOwn(content, column.name) ? content[column.name] : undefined;
        const misfit =
          value === undefined || value === null ? undefined : columnValueMisfit(column.type, value);
        const type = NUMBER_TYPES.has(column.type)
          ? 'number'
          : column.type === 'DATE'
            ? 'date'
            : column.type === 'DATETIME'
              ? 'datetime-local'
              : 'text';
        return (
          <TextField
            key={column.name}
            label={column.name}
            type={type}
            size="small"
            value={inputValue(column, value)}
            onChange={(event) => set(column, event.target.value)}
            error={misfit !== undefined}
            helperText={
              misfit
                ? `Expected ${misfit}; the sync to the dataset fails on this value.`
                : `${column.type}${column.type === 'DATETIME' ? ' (UTC)' : ''}; empty leaves it out`
            }
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                step: column.type === 'LONG' ? 1 : column.type === 'DATETIME' ? 1 : 'any',
              },
            }}
          />
        );
      })}
      {others.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Also in this document, outside the schema (edit them in the JSON view):{' '}
          {others.join(', ')}.
        </Typography>
      )}
    </Stack>
  );
}

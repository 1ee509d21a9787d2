import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isResourceKind, type StepField } from '../lib/step-fields';
import { ResourceField } from './ResourceField';

export interface SettingFieldProps {
  field: StepField;
  value: unknown;
  /** `undefined` removes the setting from the step. */
  onChange: (value: unknown) => void;
  error?: string;
  /** Unique per step, so labels and errors stay tied to their own field. */
  idPrefix: string;
}

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

const listText = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : '');
const readList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const jsonText = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * Text whose value is kept in another form (a list, JSON): what is typed stays as typed, and the
 * setting follows whenever it reads; a change from elsewhere (the JSON editor) replaces the text.
 */
function useEditedText(
  value: unknown,
  write: (v: unknown) => string,
  read: (text: string) => unknown,
) {
  const [text, setText] = useState(() => write(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (JSON.stringify(read(text)) !== JSON.stringify(value)) setText(write(value));
  }
  return [text, setText] as const;
}

const readJson = (text: string): unknown => {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol('not JSON');
  }
};
const readListValue = (text: string) => {
  const list = readList(text);
  return list.length ? list : undefined;
};

function ListField({ field, value, onChange, error, idPrefix }: SettingFieldProps) {
  const [text, setText] = useEditedText(value, listText, readListValue);
  return (
    <TextField
      id={`${idPrefix}-${field.key}`}
      label={field.label}
      required={field.required}
      size="small"
      fullWidth
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const list = readList(event.target.value);
        onChange(list.length === 0 && !field.required ? undefined : list);
      }}
      error={Boolean(error)}
      helperText={error ?? field.help}
    />
  );
}

function JsonField({ field, value, onChange, error, idPrefix }: SettingFieldProps) {
  const [text, setText] = useEditedText(value, jsonText, readJson);
  const [parseError, setParseError] = useState<string>();
  return (
    <TextField
      id={`${idPrefix}-${field.key}`}
      label={`${field.label} (JSON)`}
      required={field.required}
      size="small"
      fullWidth
      multiline
      minRows={2}
      maxRows={10}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next.trim() === '') {
          setParseError(undefined);
          onChange(undefined);
          return;
        }
        try {
          const parsed = JSON.parse(next) as unknown;
          setParseError(undefined);
          onChange(parsed);
        } catch {
          setParseError('Not JSON yet: the step keeps its last valid value');
        }
      }}
      error={Boolean(parseError ?? error)}
      helperText={parseError ?? error ?? field.help}
      slotProps={{ htmlInput: { style: monospace, spellCheck: false } }}
    />
  );
}

export function SettingField(props: SettingFieldProps) {
  const { field, value, onChange, error, idPrefix } = props;
  if (field.kind === 'list') return <ListField {...props} />;
  if (field.kind === 'json') return <JsonField {...props} />;
  if (isResourceKind(field.kind)) return <ResourceField {...props} kind={field.kind} />;
  const common = {
    id: `${idPrefix}-${field.key}`,
    label: field.label,
    required: field.required,
    size: 'small' as const,
    fullWidth: true,
    error: Boolean(error),
    helperText: error ?? field.help,
  };
  if (field.kind === 'select')
    return (
      <TextField
        {...common}
        select
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        slotProps={{ select: { displayEmpty: !field.required }, inputLabel: { shrink: true } }}
      >
        {!field.required && <MenuItem value="">Default</MenuItem>}
        {field.options?.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  if (field.kind === 'number')
    return (
      <TextField
        {...common}
        type="number"
        value={typeof value === 'number' ? String(value) : ''}
        onChange={(event) => {
          const text = event.target.value;
          onChange(text === '' || !Number.isFinite(Number(text)) ? undefined : Number(text));
        }}
      />
    );
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <TextField
      {...common}
      multiline={field.kind === 'multiline'}
      minRows={field.kind === 'multiline' ? 3 : undefined}
      maxRows={field.kind === 'multiline' ? 12 : undefined}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        if (next === '' && !field.required) onChange(undefined);
        else if (field.acceptsNumber && /^[1-9]\d{0,9}$/.test(next)) onChange(Number(next));
        else onChange(next);
      }}
      slotProps={field.kind === 'multiline' ? { htmlInput: { style: monospace } } : undefined}
    />
  );
}

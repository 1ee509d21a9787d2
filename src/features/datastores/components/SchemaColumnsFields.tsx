import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { type CollectionColumn, columnTypes } from '../../../api/contract';
import { type ColumnsFormValues, newColumn, sameName, sentence } from '../hooks/schema-form';
import { visuallyHidden } from '../../../lib/visually-hidden';

/** What the rows need of a `useFieldArray` over `columns`. */
export interface ColumnRows {
  fields: { id: string }[];
  append: (column: CollectionColumn) => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
}

export interface SchemaColumnsFieldsProps<T extends ColumnsFormValues> {
  form: UseFormReturn<T>;
  columns: ColumnRows;
  /** The accessible name of the table. */
  label: string;
  disabled?: boolean;
  /** What an empty list means here. */
  emptyText: string;
  /** Inside a dialog the table takes the dialog's surface instead of its own. */
  inDialog?: boolean;
}

/** Focus after the DOM has caught up with a move or a removal. */
const focusLater = (id: string) =>
  requestAnimationFrame(() => document.getElementById(id)?.focus());

/** The rows of a collection schema: a name and one of the six types each, in order. */
export function SchemaColumnsFields<T extends ColumnsFormValues>(
  props: SchemaColumnsFieldsProps<T>,
) {
  // One form shape underneath: every form that edits columns keeps them under `columns`.
  const {
    form,
    columns,
    label,
    disabled = false,
    emptyText,
    inDialog = false,
  } = props as unknown as SchemaColumnsFieldsProps<ColumnsFormValues>;
  const prefix = useId();
  const id = (index: number, part: string) => `${prefix}-${index}-${part}`;
  const addId = `${prefix}-add`;
  const { fields, append, remove, move } = columns;
  const last = fields.length - 1;

  const moveRow = (from: number, to: number) => {
    move(from, to);
    // Keep the keyboard on the moved row's button, or its other one at either end.
    const towardTop = to < from;
    const stillPossible = towardTop ? to > 0 : to < last;
    focusLater(id(to, towardTop === stillPossible ? 'up' : 'down'));
  };

  // A name's change can make or settle another row's "duplicate" error: check those rows too.
  const recheckDuplicates = (changed?: number) => {
    if (!form.formState.isSubmitted) return;
    const key = (i: number) => sameName(form.getValues(`columns.${i}.name`) ?? '');
    const others = fields
      .map((_, i) => i)
      .filter(
        (i) =>
          i !== changed &&
          (form.getFieldState(`columns.${i}.name`).error?.type === 'custom' ||
            (changed !== undefined && key(i) !== '' && key(i) === key(changed))),
      )
      .map((i) => `columns.${i}.name` as const);
    if (others.length > 0) void form.trigger(others);
  };

  const removeRow = (index: number) => {
    remove(index);
    recheckDuplicates();
    focusLater(last === 0 ? addId : id(Math.min(index, last - 1), 'remove'));
  };

  return (
    <Box>
      <TableContainer
        component={Paper}
        variant="outlined"
        sx={inDialog ? { bgcolor: 'transparent' } : undefined}
      >
        {/* Narrow screens scroll the table sideways rather than crush the name fields. */}
        <Table size="small" aria-label={label} sx={{ minWidth: 540 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48 }}>#</TableCell>
              <TableCell>Name</TableCell>
              <TableCell sx={{ width: { xs: 140, sm: 190 } }}>Type</TableCell>
              <TableCell align="right" sx={{ width: 132 }}>
                <Box component="span" sx={visuallyHidden}>
                  Order and removal
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {fields.map((field, index) => {
              const n = index + 1;
              return (
                <TableRow key={field.id} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ pt: 2.25, color: 'text.secondary' }}>{n}</TableCell>
                  <TableCell>
                    <Controller
                      control={form.control}
                      name={`columns.${index}.name`}
                      render={({ field: input, fieldState }) => (
                        <TextField
                          {...input}
                          onChange={(event) => {
                            input.onChange(event);
                            recheckDuplicates(index);
                          }}
                          inputRef={input.ref}
                          id={id(index, 'name')}
                          size="small"
                          fullWidth
                          placeholder="Column name"
                          autoComplete="off"
                          disabled={disabled}
                          error={fieldState.invalid}
                          helperText={sentence(fieldState.error?.message)}
                          slotProps={{ htmlInput: { 'aria-label': `Column ${n} name` } }}
                        />
                      )}
                    />
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={form.control}
                      name={`columns.${index}.type`}
                      render={({ field: input, fieldState }) => (
                        <TextField
                          {...input}
                          inputRef={input.ref}
                          id={id(index, 'type')}
                          select
                          size="small"
                          fullWidth
                          disabled={disabled}
                          error={fieldState.invalid}
                          helperText={sentence(fieldState.error?.message)}
                          slotProps={{
                            select: { native: true },
                            htmlInput: { 'aria-label': `Column ${n} type` },
                          }}
                        >
                          {columnTypes.map((type) => (
                            <option key={type} value={type}>
                              {type}
                            </option>
                          ))}
                        </TextField>
                      )}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', pt: 1.25 }}>
                    <Tooltip title="Move up" describeChild>
                      <span>
                        <IconButton
                          id={id(index, 'up')}
                          size="small"
                          aria-label={`Move column ${n} up`}
                          disabled={disabled || index === 0}
                          onClick={() => moveRow(index, index - 1)}
                        >
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Move down" describeChild>
                      <span>
                        <IconButton
                          id={id(index, 'down')}
                          size="small"
                          aria-label={`Move column ${n} down`}
                          disabled={disabled || index === last}
                          onClick={() => moveRow(index, index + 1)}
                        >
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title="Remove" describeChild>
                      <span>
                        <IconButton
                          id={id(index, 'remove')}
                          size="small"
                          aria-label={`Remove column ${n}`}
                          disabled={disabled}
                          onClick={() => removeRow(index)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Button
        id={addId}
        startIcon={<AddIcon />}
        onClick={() => {
          append(newColumn());
          focusLater(id(fields.length, 'name'));
        }}
        disabled={disabled}
        sx={{ mt: 1 }}
      >
        Add column
      </Button>
    </Box>
  );
}

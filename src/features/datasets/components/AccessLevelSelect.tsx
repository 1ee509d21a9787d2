import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  accessLevelHelp,
  accessLevelLabels,
  accessLevelOrder,
  type AccessLevel,
} from './access-levels';

export type AccessLevelSelectProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange'> & {
  value: AccessLevel;
  onChange: (level: AccessLevel) => void;
  /** The name of a select shown without a label (a table cell). */
  accessibleName?: string;
  /** The levels offered (the caller may give at most his own); all by default. */
  levels?: AccessLevel[];
  /** Levels shown but not offered (lowering another's access needs CO_OWNER). */
  disabledLevels?: AccessLevel[];
};

/** The share levels from least to most access, each with what it allows. */
export function AccessLevelSelect({
  value,
  onChange,
  accessibleName,
  levels = accessLevelOrder,
  disabledLevels = [],
  ...props
}: AccessLevelSelectProps) {
  return (
    <TextField
      {...props}
      select
      value={value}
      onChange={(event) => onChange(event.target.value as AccessLevel)}
      slotProps={{
        ...props.slotProps,
        select: {
          renderValue: (level) => accessLevelLabels[level as AccessLevel],
          SelectDisplayProps: accessibleName ? { 'aria-label': accessibleName } : undefined,
        },
      }}
    >
      {accessLevelOrder
        .filter((level) => level === value || levels.includes(level))
        .map((level) => (
          <MenuItem
            key={level}
            value={level}
            disabled={disabledLevels.includes(level)}
            sx={{ maxWidth: 420 }}
          >
            <ListItemText
              primary={accessLevelLabels[level]}
              secondary={accessLevelHelp[level]}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        ))}
    </TextField>
  );
}

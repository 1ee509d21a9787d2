import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Fileset } from '../../../api/contract';
import { plural } from '../../../lib/format';

export interface FilesetPickerProps {
  filesets: Fileset[];
  value: string | undefined;
  onChange: (filesetId: string) => void;
}

export function FilesetPicker({ filesets, value, onChange }: FilesetPickerProps) {
  const known = filesets.some((f) => f.id === value);
  return (
    <TextField
      select
      label="Fileset"
      size="small"
      fullWidth
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      helperText={value && !known ? `No fileset ${value}` : undefined}
      error={Boolean(value && !known)}
    >
      {filesets.map((fileset) => (
        <MenuItem key={fileset.id} value={fileset.id}>
          {fileset.name} ({plural(fileset.fileCount, 'file')})
        </MenuItem>
      ))}
    </TextField>
  );
}

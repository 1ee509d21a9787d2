import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { formatBytes } from '../../../lib/format';

export interface FileChooserProps {
  /** The input's accessible name, e.g. "Data file". */
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  error?: string;
}

/** A button that opens the browser's file picker, and the chosen file's name and size. */
export function FileChooser({ label, file, onChange, disabled, error }: FileChooserProps) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        component="label"
        variant="outlined"
        startIcon={<AttachFileIcon />}
        disabled={disabled}
      >
        Choose file
        <input
          type="file"
          hidden
          aria-label={label}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </Button>
      <Typography
        variant="body2"
        sx={{ color: error ? 'error.main' : 'text.secondary', overflowWrap: 'anywhere' }}
      >
        {error ?? (file ? `${file.name} · ${formatBytes(file.size)}` : 'No file chosen')}
      </Typography>
    </Stack>
  );
}

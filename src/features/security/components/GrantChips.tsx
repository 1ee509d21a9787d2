import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Grants or groups as chips; "none" in words when there are none. */
export function NameChips({ names, empty = 'None' }: { names: string[]; empty?: string }) {
  if (names.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {empty}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={name} />
      ))}
    </Stack>
  );
}

import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';

export function AppLoading() {
  return (
    <Stack
      role="status"
      aria-label="Loading Platform Console"
      sx={{ height: '100vh', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress />
    </Stack>
  );
}

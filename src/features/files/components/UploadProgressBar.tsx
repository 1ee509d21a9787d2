import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UploadProgress } from '../../../api/files/upload-with-progress';
import { formatBytes, formatPercent } from '../../../lib/format';

export interface UploadProgressBarProps {
  progress: UploadProgress | null;
  /** The file's size, for when the browser cannot tell the body's length. */
  size: number;
}

/** How much of the file has left the browser; the platform then stores and hashes it. */
export function UploadProgressBar({ progress, size }: UploadProgressBarProps) {
  const total = progress?.total ?? size;
  const loaded = Math.min(progress?.loaded ?? 0, total);
  const ratio = total > 0 ? loaded / total : 0;
  const sent = ratio >= 1;
  const text = sent
    ? 'Sent; the platform is storing and hashing it…'
    : `Uploading ${formatBytes(loaded)} of ${formatBytes(total)} (${formatPercent(ratio)})`;
  return (
    <Box>
      <LinearProgress
        variant={sent ? 'indeterminate' : 'determinate'}
        value={ratio * 100}
        aria-label="Upload progress"
        aria-valuetext={text}
      />
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

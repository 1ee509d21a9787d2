import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import VerifiedIcon from '@mui/icons-material/Verified';
import type { CertificationState } from '../../../api/contract';

/** "Certified" when the CERTIFIED tag is ACTIVE (4.9); otherwise says so in words. */
export function CertifiedChip({ certification }: { certification: CertificationState }) {
  if (certification.state !== 'ACTIVE')
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Not certified
      </Box>
    );
  return (
    <Chip
      size="small"
      color="success"
      icon={<VerifiedIcon />}
      label="Certified"
      sx={{ fontWeight: 500 }}
    />
  );
}

import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState } from '../../../components';

/** What a user sees where their role or grants do not reach: what is needed, not an error dump. */
export function NeedsAccess({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      icon={<LockOutlinedIcon fontSize="inherit" />}
      title={title}
      description={description}
    />
  );
}

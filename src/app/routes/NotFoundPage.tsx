import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import { EmptyState, PageHeader } from '../../components';
import { HOME_PATH } from '../screens';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        title="There is no page at this address"
        description={<code>{pathname}</code>}
        action={
          <Button component={RouterLink} to={HOME_PATH} variant="contained">
            Go to the start page
          </Button>
        }
      />
    </>
  );
}

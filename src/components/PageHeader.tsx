import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingText } from './LoadingState';
import { useDocumentTitle } from '../hooks/use-document-title';

export interface Crumb {
  label: string;
  to: string;
}

export interface PageHeaderProps {
  /** Undefined while the resource that names the page loads. */
  title: string | undefined;
  /** The ancestors of this page; the page itself is appended. */
  breadcrumbs?: Crumb[];
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/** The page's <h1>, its breadcrumbs, and the document title. */
export function PageHeader({ title, breadcrumbs, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb">
          {breadcrumbs.map((crumb) => (
            <Link key={crumb.to} component={RouterLink} to={crumb.to} color="inherit">
              {crumb.label}
            </Link>
          ))}
          <Typography aria-current="page" sx={{ color: 'text.primary' }}>
            {title ?? '…'}
          </Typography>
        </Breadcrumbs>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title ?? <LoadingText width={240} label="Loading the title" />}
          </Typography>
          {subtitle && (
            <Typography variant="body2" component="div" sx={{ color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Stack>
        {actions && (
          <Stack direction="row" spacing={1}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { LinkTabs, PageHeader } from '../../../components';
import { securityPath, type SecurityTab } from '../../../lib/paths';

const securityTabs: { path: SecurityTab; label: string }[] = [
  { path: 'tokens', label: 'Access tokens' },
  { path: 'users', label: 'Users' },
  { path: 'sessions', label: 'Sessions' },
  { path: 'roles', label: 'Roles' },
];

const tabId = (path: string) => `security-tab-${path}`;
const TABPANEL_ID = 'security-tabpanel';

/** The Security area: a tab per list, each tab its own URL. */
export function SecurityPage() {
  const { pathname } = useLocation();
  const current = securityTabs.find((t) => pathname.startsWith(securityPath(t.path)));
  return (
    <>
      <PageHeader
        title="Security"
        subtitle="Who may do what: users and their roles, the tokens that act as them, where they are signed in, and the grants each role carries."
      />
      <LinkTabs
        label="Security sections"
        tabs={securityTabs.map((tab) => ({
          value: tab.path,
          label: tab.label,
          to: securityPath(tab.path),
          id: tabId(tab.path),
        }))}
        current={current?.path}
        panelId={TABPANEL_ID}
      />
      <Box
        role="tabpanel"
        id={TABPANEL_ID}
        aria-labelledby={current ? tabId(current.path) : undefined}
      >
        <Outlet />
      </Box>
    </>
  );
}

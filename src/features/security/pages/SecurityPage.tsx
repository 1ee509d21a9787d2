import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components';
import { securityPath, securityTabs } from '../paths';

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
        subtitle="Who may do what: users and their roles, the tokens that act as them, and the grants each role carries."
      />
      <Tabs
        value={current?.path ?? false}
        aria-label="Security sections"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {securityTabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={tab.label}
            component={RouterLink}
            to={securityPath(tab.path)}
            id={tabId(tab.path)}
            aria-controls={TABPANEL_ID}
          />
        ))}
      </Tabs>
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

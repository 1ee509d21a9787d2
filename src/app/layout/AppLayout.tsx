import { lazy, Suspense, useState } from 'react';
import { Navigate, Link as RouterLink, Outlet, useNavigation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { PRODUCT_NAME } from '../../hooks/use-document-title';
import { HOME_PATH } from '../screens';
import { CurrentUser } from './CurrentUser';
import { SideNav, SIDE_NAV_WIDTH } from './SideNav';
import { ThemeToggle } from './ThemeToggle';
import { UpstreamIndicator } from './UpstreamIndicator';
import { useSignInRedirect } from './use-sign-in-redirect';

// Shown only while a navigation loads, over the app bar's bottom edge: fetched on first use.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

export function AppLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [navOpen, setNavOpen] = useState(false);
  const navigation = useNavigation();
  const signIn = useSignInRedirect();

  // Nothing of the screens for a browser nobody is signed in on.
  if (signIn !== undefined) return signIn && <Navigate to={signIn} replace />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="default"
        elevation={0}
        sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {!wide && (
            <IconButton edge="start" aria-label="Open navigation" onClick={() => setNavOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to={HOME_PATH}
            color="inherit"
            underline="none"
            variant="h6"
            noWrap
            sx={{
              fontWeight: 600,
              mr: 'auto',
              minWidth: 0,
              fontSize: { xs: '1rem', sm: '1.25rem' },
            }}
          >
            {PRODUCT_NAME}
          </Link>
          <UpstreamIndicator />
          <CurrentUser />
          <ThemeToggle />
        </Toolbar>
        {navigation.state === 'loading' && (
          <Suspense fallback={null}>
            <LinearProgress
              aria-label="Loading page"
              sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }}
            />
          </Suspense>
        )}
      </AppBar>
      <SideNav
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || navOpen}
        onClose={() => setNavOpen(false)}
      />
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, width: { md: `calc(100% - ${SIDE_NAV_WIDTH}px)` } }}
      >
        <Toolbar />
        <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1400, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

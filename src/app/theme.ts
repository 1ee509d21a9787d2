import { createTheme } from '@mui/material/styles';

export const THEME_MODE_STORAGE_KEY = 'platform-console.theme';
export const THEME_SCHEME_STORAGE_KEY = 'platform-console.color-scheme';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1f5fbf' },
        // Darker than MUI's defaults (3.1:1 and 3.6:1 on white), so a warning or info chip's
        // text keeps 4.5:1 (WCAG AA): 5.0:1 and 5.9:1.
        warning: { main: '#b45309' },
        info: { main: '#0369a1' },
        // MUI's #d32f2f keeps only 4.4:1 on a selected row (an "Invalid" chip): 5.0:1 there.
        error: { main: '#c62828' },
        background: { default: '#f6f7f9' },
      },
    },
    dark: {
      palette: {
        // `dark` is a contained button's hover colour: MUI's own (main darkened by 0.3) gives
        // its dark text 4.13:1; this one keeps 6.2:1.
        primary: { main: '#7aa7ff', dark: '#5f93f2' },
        // Lighter than MUI's #f44336, whose text keeps only 3.3:1 to 3.9:1 on a selected row (an
        // "Invalid" chip): 4.6:1 there, 7.3:1 on the page; a contained error button (a confirmed
        // delete or download) writes dark text on it, 8.2:1 (white on #f44336 was 3.7:1).
        error: { main: '#ff7961', contrastText: 'rgba(0, 0, 0, 0.87)' },
        // `dark` is a filled notice's background (a toast), under white text: MUI's own keep
        // 3.9:1 (info) and 4.1:1 (success); these keep 7.4:1 and 5.1:1.
        info: { main: '#29b6f6', dark: '#01579b' },
        success: { main: '#66bb6a', dark: '#2e7d32' },
        background: { default: '#101418' },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
  },
  components: {
    // A link inside running text differs from the text by more than colour (WCAG 1.4.1: axe's
    // link-in-text-block), on every screen and in every notice.
    MuiLink: { defaultProps: { underline: 'always' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
  },
});

import { createTheme } from '@mui/material/styles';

export const THEME_MODE_STORAGE_KEY = 'platform-console.theme';
export const THEME_SCHEME_STORAGE_KEY = 'platform-console.color-scheme';

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: { primary: { main: '#1f5fbf' }, background: { default: '#f6f7f9' } } },
    dark: { palette: { primary: { main: '#7aa7ff' }, background: { default: '#101418' } } },
  },
  shape: { borderRadius: 8 },
  typography: {
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.25rem', fontWeight: 600 },
  },
  components: {
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
  },
});

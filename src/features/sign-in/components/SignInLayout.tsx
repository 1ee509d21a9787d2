import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../../../hooks/use-document-title';

/** A card in the middle of the page under the product name: no navigation before signing in. */
export function SignInLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 2,
      }}
    >
      <Typography component="p" variant="h5" sx={{ fontWeight: 600 }}>
        {PRODUCT_NAME}
      </Typography>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Typography component="h1" variant="h5">
              Sign in
            </Typography>
            {children}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

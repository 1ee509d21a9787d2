import Box from '@mui/material/Box';

/** How an app is declared: the words of the empty state and of the README. */
export function DeclareAppHelp() {
  return (
    <>
      Put a manifest in <Box component="code">DATA_DIR/apps/&lt;id&gt;/manifest.json</Box> (or
      register one with <Box component="code">PUT /api/apps/v1/apps/&lt;id&gt;</Box>), then run an
      app against this console: <Box component="code">examples/app</Box> is a starter that does.
    </>
  );
}

import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface Definition {
  label: string;
  value: ReactNode;
}

/**
 * Label/value pairs as a real <dl>. ARIA forbids naming a term or definition, so each pair sits
 * in a group named by its label: find a value as group "Owner" → definition.
 */
export function DefinitionList({ items }: { items: Definition[] }) {
  const id = useId();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 220px) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
        m: 0,
      }}
    >
      {items.map((item, i) => (
        <Box key={item.label} role="group" aria-labelledby={`${id}-${i}`} sx={{ display: 'contents' }}>
          <Box
            component="dt"
            id={`${id}-${i}`}
            sx={{ color: 'text.secondary', pt: { xs: 1, sm: 0 } }}
          >
            {item.label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

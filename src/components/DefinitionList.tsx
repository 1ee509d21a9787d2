import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface Definition {
  label: string;
  value: ReactNode;
}

/**
 * Label/value pairs as terms and definitions. ARIA forbids naming a term or definition, so each
 * pair sits in a group named by its label: find a value as group "Owner" → definition. Not a
 * <dl>: a <dl> may hold only plain <div> wrappers, and a wrapper with a role breaks it (axe's
 * definition-list and dlitem rules).
 */
export function DefinitionList({ items }: { items: Definition[] }) {
  const id = useId();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 220px) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
      }}
    >
      {items.map((item, i) => (
        <Box
          key={item.label}
          role="group"
          aria-labelledby={`${id}-${i}`}
          sx={{ display: 'contents' }}
        >
          <Box role="term" id={`${id}-${i}`} sx={{ color: 'text.secondary', pt: { xs: 1, sm: 0 } }}>
            {item.label}
          </Box>
          <Box role="definition" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

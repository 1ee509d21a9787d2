import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import { themeModes } from './theme-modes';

const ThemeMenu = lazy(() => import('./ThemeMenu'));

/** System, light or dark; MUI remembers the choice in localStorage (the only thing stored there). */
export function ThemeToggle() {
  const { mode = 'system', setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pressed, setPressed] = useState(false);
  const current = themeModes.find((m) => m.mode === mode) ?? themeModes[0]!;
  return (
    <>
      <Tooltip title={`Theme: ${current.label}`}>
        <IconButton
          aria-label="Change theme"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => {
            setPressed(true);
            setAnchor(event.currentTarget);
          }}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      {pressed && (
        <Suspense fallback={null}>
          <ThemeMenu
            anchor={anchor}
            mode={mode}
            onChoose={(option) => {
              setMode(option);
              setAnchor(null);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}

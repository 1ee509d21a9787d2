import { lazy, Suspense, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '../../components/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import { themeModes } from './theme-modes';

const ThemeMenu = lazy(() => import('./ThemeMenu'));

/** System, light or dark; MUI remembers the choice in localStorage (the only thing stored there). */
export function ThemeToggle() {
  const { mode = 'system', setMode } = useColorScheme();
  // The button, read when the menu opens: the lazy tooltip around it may have replaced it since.
  const button = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  const current = themeModes.find((m) => m.mode === mode) ?? themeModes[0]!;
  return (
    <>
      <Tooltip title={`Theme: ${current.label}`}>
        <IconButton
          aria-label="Change theme"
          aria-haspopup="menu"
          aria-expanded={menuOpen ? 'true' : undefined}
          ref={button}
          onClick={() => {
            setPressed(true);
            setMenuOpen(true);
          }}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      {pressed && (
        <Suspense fallback={null}>
          <ThemeMenu
            anchor={menuOpen ? () => button.current! : null}
            mode={mode}
            onChoose={(option) => {
              setMode(option);
              setMenuOpen(false);
            }}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

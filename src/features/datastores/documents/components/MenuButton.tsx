import { useId, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';

export interface MenuButtonProps {
  label: string;
  startIcon?: ReactNode;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  /** The menu's items; `close` closes the menu (focus returns to the button). */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a menu of actions. */
export function MenuButton({
  label,
  startIcon,
  disabled,
  variant = 'text',
  children,
}: MenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant={variant}
        startIcon={startIcon}
        endIcon={<ArrowDropDownIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ paper: { sx: { maxWidth: 560 } } }}
      >
        {children(close)}
      </Menu>
    </>
  );
}

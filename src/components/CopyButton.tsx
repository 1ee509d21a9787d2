import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from './Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

type CopyState = 'idle' | 'copied' | 'failed';

export interface CopyButtonProps {
  value: string;
  /** The accessible name, e.g. "Copy trace id". */
  label: string;
  /** Inside a grid cell, the grid's roving tab index. */
  tabIndex?: number;
}

export function CopyButton({ value, label, tabIndex }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  const tooltip = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label;
  return (
    <Tooltip title={tooltip}>
      <IconButton
        aria-label={label}
        size="small"
        tabIndex={tabIndex}
        onClick={(event) => {
          event.stopPropagation();
          void copy();
        }}
      >
        {state === 'copied' ? (
          <CheckIcon fontSize="inherit" />
        ) : (
          <ContentCopyIcon fontSize="inherit" />
        )}
      </IconButton>
    </Tooltip>
  );
}

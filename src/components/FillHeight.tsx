import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface FillHeightProps {
  children: ReactNode;
  /** The least height, below which the page scrolls instead (a very short window). */
  min?: number;
  /** Space kept below, so the box ends where the page's padding begins. */
  gap?: number;
}

/**
 * A box as tall as the window leaves below its top: a grid inside it scrolls its own rows and
 * keeps its pager on screen, so the page has one scroll area, not two. It follows the window's
 * size and whatever above it changes height (a filter that wraps, a message that appears).
 */
export function FillHeight({ children, min = 300, gap = 24 }: FillHeightProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - gap)));
    };
    measure();
    // The box's own size follows from this measure; what moves its top is the content above.
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (box.parentElement) observer?.observe(box.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [min, gap]);

  return (
    <Box ref={ref} sx={{ display: 'flex', flexDirection: 'column', height: height ?? min }}>
      {children}
    </Box>
  );
}

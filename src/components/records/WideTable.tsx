// The box around a table that may be wider than its card: the table scrolls sideways inside it
// (width 0 + min-width 100 %), never the page. With `stickyActions` the last column (the row's
// buttons) stays at the card's right edge while the rest scrolls, so a row's actions are never
// off screen on a narrow window or in a long language (issue #18: the certificates list at 1440 px).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

/** Whether the box's content is wider than the box (it scrolls sideways), followed as either resizes. */
function useOverflowing() {
  const box = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return { box, overflowing };
}

export function WideTable({ stickyActions = false, children }: { stickyActions?: boolean; children: ReactNode }) {
  const { box, overflowing } = useOverflowing();
  return (
    <Box
      ref={box}
      data-overflowing={overflowing ? 'true' : undefined}
      sx={{
        overflowX: 'auto', width: 0, minWidth: '100%',
        // Dense columns: 8 px between cells, not MUI's 32, so a list of a dozen columns fits a
        // 1440 px window in Russian; the outer cells keep 16 px from the card's edge.
        '& td, & th': { px: 1 },
        '& tr > td:first-of-type, & tr > th:first-of-type': { pl: 2 },
        '& tr > td:last-of-type, & tr > th:last-of-type': { pr: 2 },
        ...(stickyActions ? {
          '& tr > td:last-of-type, & tr > th:last-of-type': {
            position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', pr: 2,
            // The edge the other columns scroll under: drawn only while they do.
            boxShadow: (theme) => (overflowing ? `inset 1px 0 0 ${theme.palette.divider}` : 'none'),
          },
          // react-admin's header cells stick to the top at z-index 2: the actions' header must lie
          // above the header cells that scroll under it (it showed "Currency" over "Actions").
          '& tr > th:last-of-type': { zIndex: 3 },
        } : {}),
      }}
    >
      {children}
    </Box>
  );
}

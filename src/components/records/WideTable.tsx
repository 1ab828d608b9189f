// The box around a table that may be wider than its card: the table scrolls sideways inside it
// (width 0 + min-width 100 %), never the page. With `stickyActions` the last column (the row's
// buttons) stays at the card's right edge while the rest scrolls, so a row's actions are never
// off screen on a narrow window or in a long language (issue #18: the certificates list at 1440 px).
import type { ReactNode } from 'react';
import { Box } from '@mui/material';

export function WideTable({ stickyActions = false, children }: { stickyActions?: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        overflowX: 'auto', width: 0, minWidth: '100%',
        ...(stickyActions ? {
          '& tr > td:last-of-type, & tr > th:last-of-type': {
            position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper',
            boxShadow: (theme) => `inset 1px 0 0 ${theme.palette.divider}`,
          },
        } : {}),
      }}
    >
      {children}
    </Box>
  );
}

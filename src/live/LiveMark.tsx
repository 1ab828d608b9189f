// The brief mark of a card or row that just changed (an event named it): a fading outline that
// takes no room, so nothing moves under the cursor.
import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { keyframes } from '@emotion/react';
import { MARK_MS, useMarked } from './recent';

const fade = keyframes`
  from { box-shadow: 0 0 0 3px rgba(255, 167, 38, 0.95); }
  to { box-shadow: 0 0 0 3px rgba(255, 167, 38, 0); }
`;

/** Styles of a changed row or card (react-admin's rowSx, or a wrapper). */
export const changedSx = { animation: `${fade} ${MARK_MS}ms ease-out 1` } as const;

export function LiveMark({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const marked = useMarked(keys);
  return (
    <Box data-live-changed={marked ? 'true' : undefined} sx={{ height: '100%', borderRadius: 1, ...(marked ? changedSx : {}) }}>
      {children}
    </Box>
  );
}

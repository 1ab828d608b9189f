// The brief mark of a card or row that just changed (an event named it): a fading outline that
// takes no room, so nothing moves under the cursor.
import { useEffect, type ReactNode } from 'react';
import { Box, GlobalStyles } from '@mui/material';
import { keyframes } from '@emotion/react';
import { isMarked, MARK_MS, subscribeMarks, useMarked } from './recent';

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

/**
 * Marks for elements React does not render (the day view's cards are plain DOM, src/calendar/SlotCard.tsx):
 * an element names its key in `data-live-key`; when the store changes, `data-live-changed` is set or
 * removed on the elements whose key it names, and one global rule (DomMarkStyles) animates them.
 */
export function useDomMarks(): void {
  useEffect(() => subscribeMarks(() => {
    document.querySelectorAll<HTMLElement>('[data-live-key]').forEach((node) => {
      if (isMarked(node.dataset.liveKey ?? '')) node.setAttribute('data-live-changed', 'true');
      else node.removeAttribute('data-live-changed');
    });
  }), []);
}

export const DomMarkStyles = () => <GlobalStyles styles={{ '[data-live-key][data-live-changed="true"]': changedSx }} />;

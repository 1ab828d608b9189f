// One tooltip for every card of a calendar. A MUI Tooltip per add button cost ~200 ms of the day
// view's first render (a few hundred cards, bench/results.md); this one listens on the container
// and shows the `data-tooltip` text of the element under the pointer or holding the keyboard focus,
// with the same look, so nothing changes for the user.
import { useCallback, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { Box, Tooltip } from '@mui/material';

const withTooltip = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? (node.closest('[data-tooltip]') as HTMLElement | null) : null;

export function DelegatedTooltip({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const enter = useCallback((e: MouseEvent | FocusEvent) => setTarget(withTooltip(e.target)), []);
  // Leaving for an element inside the same tooltip's element keeps it; anything else hides it.
  const leave = useCallback((e: MouseEvent | FocusEvent) => setTarget(withTooltip(e.relatedTarget)), []);
  const hide = useCallback(() => setTarget(null), []);
  const title = target?.isConnected ? target.dataset.tooltip ?? '' : '';
  return (
    <Box onMouseOver={enter} onMouseOut={leave} onFocus={enter} onBlur={leave} onMouseDown={hide}>
      {children}
      <Tooltip open={title !== ''} title={title} disableInteractive slotProps={{ popper: { anchorEl: target } }}>
        <span hidden />
      </Tooltip>
    </Box>
  );
}

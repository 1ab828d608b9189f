// A row's icon action in the tools tables: an icon button named by its label (for screen readers
// and tests) with the same label as its tooltip.
import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

export function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>{icon}</IconButton>
    </Tooltip>
  );
}

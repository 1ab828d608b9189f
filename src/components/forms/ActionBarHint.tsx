// The hint at the left of a dialog's action bar ("fill in the required fields"). On a wide screen it
// shares the line with the buttons; on a phone it takes a line of its own above them (the theme lets
// DialogActions wrap), so the buttons never squeeze into each other.
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

export function ActionBarHint({ color = 'text.secondary', testId, children }: {
  color?: 'text.secondary' | 'error';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Typography variant="body2" color={color} sx={{ flex: { xs: '1 1 100%', sm: '1 1 12rem' } }} data-testid={testId}>
      {children}
    </Typography>
  );
}

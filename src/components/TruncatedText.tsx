// The one way the interface cuts a long text (#18): one line ending in "…" within its box, the whole
// text in the title (the browser's tooltip, also read by assistive technology as the description).
// A long unbroken text (a 150-character name, a 2000-character URL) is cut too, never widening its
// table or card. List cells (src/components/records/columns.tsx), the delivery log's excerpts and the
// data chips use it; the slot cards (plain DOM) follow the same rule with their own title attributes.
import { Box, type SxProps, type Theme } from '@mui/material';

/** The CSS of a cut text: the plain-DOM screens (slot cards) spread the same rule. */
export const TRUNCATED = { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Lists cut a cell's text at this width: a row stays one line and the table fits its screen. */
export const CELL_MAX_WIDTH = '24em';

export function TruncatedText({ text, maxWidth = CELL_MAX_WIDTH, component = 'span', sx, testId }: {
  text: string;
  maxWidth?: number | string;
  component?: 'span' | 'code' | 'div';
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  return (
    <Box component={component} title={text} data-truncated="true" data-testid={testId}
      sx={[{ ...TRUNCATED, maxWidth }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {text}
    </Box>
  );
}

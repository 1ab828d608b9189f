import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#3949ab' }, secondary: { main: '#00897b' } },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        // A long unbroken text (a 150-character name, a URL) wraps where it is shown instead of
        // overflowing its card or dialog (#18). break-word, not anywhere: table columns keep their
        // natural widths (a wide table scrolls inside its card).
        body: { overflowWrap: 'break-word' },
      },
    },
    // A dialog's title may carry data (a group's, a customer's name): a long unbroken one wraps.
    MuiDialogTitle: { styleOverrides: { root: { overflowWrap: 'anywhere' } } },
    // A chip never grows past its box: its label is cut with "…" (MUI's own label style); chips that
    // show data say the whole text in their title.
    MuiChip: { styleOverrides: { root: { maxWidth: '100%' } } },
    // On a phone a dialog's action bar (a hint, Cancel, Save) is wider than the dialog: it wraps
    // onto a second line instead of squeezing the buttons into each other.
    MuiDialogActions: {
      styleOverrides: { root: { flexWrap: 'wrap', rowGap: 8, '& > .MuiButton-root': { flexShrink: 0 } } },
    },
  },
};

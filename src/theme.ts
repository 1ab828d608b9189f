import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * A user who asked their system for less motion (prefers-reduced-motion) gets dialogs, menus and
 * drawers that appear at once and buttons without the ripple: MUI honours neither by itself. Read
 * once at start, as the theme is built once.
 */
const prefersReducedMotion = typeof window !== 'undefined'
  && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

const noMotion = prefersReducedMotion
  ? {
    transitions: {
      duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
    },
  }
  : {};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  ...noMotion,
  // Warning a shade darker than MUI's #ed6c02, whose white text (an order's "Awaiting payment" chip)
  // has a contrast of 3.1, under WCAG AA's 4.5 (axe, #18); this one has 5.0.
  palette: { primary: { main: '#3949ab' }, secondary: { main: '#00897b' }, warning: { main: '#b45309' } },
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
    // A read-only field (react-admin renders it disabled, e.g. a promo code's use count) keeps its hint
    // readable: MUI's disabled grey (#9e9e9e) has a contrast of 2.7 (axe, #18).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    ...(prefersReducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
  },
};

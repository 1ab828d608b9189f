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
  },
};

// The messages the booking widget (src/widget/dom.ts) posts to the page that embeds it, and that the
// embed snippet (src/pages/iframe/snippet.ts) and the /iframe page listen for.
/** The widget's height, whenever it changes: the page sizes the frame to it. */
export const HEIGHT_MESSAGE = 'venue-widget:height';
/**
 * #40 Sent after a height message when something the customer must see next (the booking form after
 * a tap on a session) starts `top` pixels below the frame's top: the page scrolls itself there (a
 * scroll inside the frame scrolled the venue's page to the wrong place).
 */
export const SCROLL_MESSAGE = 'venue-widget:scroll';

// Staff-side texts of the booking widget: the /iframe test page and the calendar's source marker.
// (The widget's own customer texts live in src/widget/texts.ts.)
export const widgetEn = {
  title: 'Booking widget',
  intro: 'This is how customers see the widget on the venue\'s website. Bookings made here are real orders of the location.',
  location: 'Location',
  group: 'Playground group',
  allGroups: 'All playgrounds',
  language: 'Widget language',
  sampleSite: 'Your venue\'s website',
  sampleText: 'A sample page: the widget below is embedded exactly as the snippet embeds it.',
  snippet: 'Code to paste into the website',
  snippetHint: 'The frame takes the height of its content by itself (the widget posts it to the page).',
  copy: 'Copy code',
  copied: 'The code is copied',
  copyFailed: 'Could not copy; select the code and copy it by hand',
  open: 'Open the widget in a new tab',
  frameTitle: 'Booking',
  noLocations: 'You have no locations.',
  sourceWidget: 'Booked online through the widget',
};

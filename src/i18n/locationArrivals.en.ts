// #44 h44-settings: the location settings' arrivals section and the link to the documents for guests
// that replaced #40's consent editor there; the Arrivals screen's way to the switch. At app.locationArrivals.*;
// locationArrivals.ru.ts mirrors it. The inputs' labels are the activity log's (domain/activity.ts).
import { ACTIVITY_CHANGE_FIELDS } from '../../domain/activity';

const { arrivals_enabled, arrival_grace_minutes, minor_age } = ACTIVITY_CHANGE_FIELDS;

export const locationArrivalsEn = {
  section: 'Arrivals',
  sectionHint: 'The desk checks guests in on the Arrivals screen and each participant signs the documents for guests. A paid booking nobody came to by the session\u2019s start and the grace minutes becomes a no-show.',
  fields: { arrivals_enabled: arrivals_enabled.en as string, grace_minutes: arrival_grace_minutes.en as string, minor_age: minor_age.en as string },
  enabledHint: 'Off: nobody is checked in and no booking becomes a no-show.',
  graceHint: 'From %{min} to %{max} minutes after the session starts.',
  minorAgeHint: 'From %{min} to %{max}: younger participants sign with a parent or guardian.',
  notPublished: 'With arrivals on, guests sign the published documents. Not published at this location yet: %{list}.',
  quoted: '\u201c%{title}\u201d',
  openDocuments: 'Open the documents for guests',
  documents: {
    title: 'Personal data and documents for guests',
    hint: 'The privacy policy link, the personal data consent the booking widget asks for and the documents guests sign at arrival are edited in \u201cDocuments for guests\u201d, with Russian and English texts; each change is a new version.',
    open: 'Documents for guests',
  },
  desk: {
    turnOn: 'Turn on in the location settings',
    askAdmin: 'The location\u2019s administrator turns them on.',
  },
};

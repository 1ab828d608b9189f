// #42 (h42-words) The texts of the activity log's installation view, closed locations, session
// length, prices and the small things, in one section of their own (app.words).
export const wordsEn = {
  closed: {
    calendar: 'This location is closed: it takes no new bookings, and the booking widget does not offer it. Its orders can still be paid, changed and cancelled. Open it again in the location settings (“Active”).',
    widget: 'Closed locations are not offered: %{names}.',
  },
  sessionLength: {
    bySchedule: '%{minutes} min by the schedule',
    rowDiffers: 'Sold: %{minutes} min by the schedule; the playgrounds say %{playgrounds}.',
    playgroundLength: '%{name} %{minutes} min',
    playgroundDiffers: '%{minutes} min by the schedule: the schedule\'s length is what is sold. This one pre-fills new schedule rows of the group.',
    playgroundPrefills: 'Pre-fills new schedule rows of its group; the schedule\'s length is what is sold.',
  },
  prices: {
    negative: 'A price cannot be negative',
    freeTitle: 'Free sessions?',
    freeText: 'The price is %{price} in %{rows}: these sessions will be free. Save anyway?',
    freeRow: 'row %{item} from %{start}',
  },
  setup: {
    signIn: 'Sign in',
  },
  back: {
    games: 'Back to the location\'s games',
  },
  // #42 A choice that finds nothing (it read "No  found" in en).
  nothingFound: 'Nothing found',
  activity: {
    installationCard: 'Installation activity',
    installationCardHint: 'Owners, accounts, the game catalogue and every location\'s creation',
    installationTitle: 'Installation activity',
  },
};

// #42 (h42-words) The texts of the activity log's installation view, closed locations, session
// length, prices and the small things, in one section of their own (app.words).
export const wordsEn = {
  closed: {
    calendar: 'This location is closed: it takes no new bookings, and the booking widget does not offer it. Its orders can still be paid, changed and cancelled. Open it again in the location settings (“Active”).',
    widget: 'Closed locations are not offered: %{names}.',
  },
  activity: {
    installationCard: 'Installation activity',
    installationCardHint: 'Owners, accounts, the game catalogue and every location\'s creation',
    installationTitle: 'Installation activity',
  },
};

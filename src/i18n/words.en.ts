// #42 (h42-words) The texts of the activity log's installation view, closed locations, session
// length, prices and the small things, in one section of their own (app.words).
export const wordsEn = {
  activity: {
    installationCard: 'Installation activity',
    installationCardHint: 'Owners, accounts, the game catalogue and every location\'s creation',
    installationTitle: 'Installation activity',
  },
};

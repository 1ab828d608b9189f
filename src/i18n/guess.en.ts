// #42 "No guessing": the time zone found by the city (app.cityZone), a location's letters
// (app.locationLetters), the roles described where they are chosen (app.roles). guess.ru.ts mirrors it.
export const cityZoneEn = {
  hint: 'Type a city (Kazan, Almaty, London) or a time zone',
  now: 'now %{time}',
  byCity: 'by the city %{city}, %{country}',
  cityNotFound: 'The city "%{city}" is not in the reference list: choose the time zone (by a large city nearby or by its name)',
  typedNotFound: 'No city or time zone "%{text}" found: choose one from the list',
  severalCities: 'There are several cities named "%{city}" in different time zones: choose yours in the list',
};

export const locationLettersEn = {
  section: 'Letters',
  sectionHint: 'Customers and staff get this location\'s letters from the installation\'s address, under the sender name; their replies go to the location\'s e-mail.',
  senderName: 'Sender name',
  senderNameHint: 'What the mailbox shows as "From", e.g. VR Park Kazan; empty: the location\'s name.',
  email: 'Location e-mail (for replies)',
  emailHint: 'Replies to the letters go here; empty: letters have no reply address.',
};

export const rolesEn = {
  10: 'Cashier: the booking calendar and the desk. Books, moves, takes payment for and cancels sessions. Sees no Locations tab and no management screens.',
  20: 'Manager: everything a cashier does, plus the Locations tab with their locations. Cannot open management screens (schedules, prices, playgrounds, staff, settings): those are the administrator\'s. A "schedules and prices" permission may come later.',
  40: 'Administrator: everything, plus management of this location: settings, playgrounds, schedules and prices, games, staff and their rights, payments, the widget, the activity log.',
  permissionsHint: 'Permissions add to the role. You can give only the permissions you hold here.',
};

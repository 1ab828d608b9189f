// English texts of the live desk (src/live), key for key the same as live.ru.ts.
export const liveEn = {
  offline: 'No connection to the server: reconnecting…',
  sessionGone: 'The %{time} session is no longer available.',
  sessionFull: 'The %{time} session has just been filled.',
  sessionFewer: 'Only %{n} place is left in the %{time} session. |||| Only %{n} places are left in the %{time} session.',
  nearest: 'Nearest free sessions:',
  noneFree: 'No other session of this day has room.',
  multiSessionGone: 'The %{time} session on “%{playground}” was taken or removed.',
  removeSession: 'Remove from the order',
  noneFreeHere: 'No other session of this playground is free that day.',
};

// #45 The order page's messages card, its pure parts: which time a message shows (sent, else due) and its state's colour.
export function messageMoment(m: { due_at: string; sent_at: string | null }): { key: 'sent' | 'due'; at: string } {
  return m.sent_at ? { key: 'sent', at: m.sent_at } : { key: 'due', at: m.due_at };
}

export function messageStateColour(state: string): 'success' | 'error' | 'warning' | 'default' | 'info' {
  if (state === 'sent' || state === 'delivered') return 'success';
  if (state === 'failed' || state === 'unknown') return 'error';
  if (state === 'pending' || state === 'sending') return 'info';
  if (state === 'skipped') return 'warning';
  return 'default';
}

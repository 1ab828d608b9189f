// #45 Messages to customers: kinds, channels and states by their words (domain/customerMessages.ts), the order log's entry.
import { textsIn } from '../../domain/fieldLabels';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS, MESSAGE_STATE_LABELS } from '../../domain/customerMessages';

export const customerMessagesEn = {
  kinds: textsIn(MESSAGE_KIND_LABELS, 'en'),
  channels: textsIn(MESSAGE_CHANNEL_LABELS, 'en'),
  states: textsIn(MESSAGE_STATE_LABELS, 'en'),
  reasons: { quiet_hours: 'quiet hours end too close to the session', superseded: 'a later reminder goes instead',
    no_marketing_consent: 'an offer, and the lead guest has not signed the marketing consent', unsubscribed: 'an offer, and the customer unsubscribed from offers' },
  log: {
    entry: '%{channel} “%{kind}”: %{state}',
    reason: 'why: %{reason}',
    error: 'error: %{error}',
  },
};

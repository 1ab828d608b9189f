// The webhook declaration's custom parts, one chunk loaded with the tools page's tab.
export { DeliveryLogDialog } from './DeliveryLogDialog';
export { WebhookSecretDialog } from './WebhookSecretDialog';
export { WebhookStatus } from './WebhookStatus';

// #42 The setup checklist's shape, shared by the server (GET /api/v2.2/locations/{id}/readiness/) and
// the screens that show it: the steps in the order a venue takes them, and what a step that is not
// done may block. The rules of each step are the server's (server/modules/readiness/service.ts).

/**
 * location → playgrounds → group → games → schedule and prices → staff → online payments (optional) → widget
 * → documents (#44: the personal-data consent and policy the widget collects data under, and the rules guests sign).
 */
export const READINESS_STEPS = ['location', 'playgrounds', 'group', 'games', 'schedule', 'staff', 'online_payments', 'widget', 'documents'] as const;
export type ReadinessStepKey = (typeof READINESS_STEPS)[number];

/** What a step may lack, each code with its step (the server words each; the screens link each to the screen that fixes it). */
export const READINESS_CODES = {
  inactive: 'location', no_address: 'location',
  no_playgrounds: 'playgrounds',
  no_group: 'group', group_empty: 'group', ungrouped: 'group',
  no_games: 'games',
  no_schedule: 'schedule', no_items: 'schedule', no_price_days: 'schedule', starts_later: 'schedule',
  no_staff: 'staff',
  no_provider: 'online_payments', prepaid_without_provider: 'online_payments', test_keys: 'online_payments',
  no_phone: 'widget',
  consent_incomplete: 'documents', no_privacy_policy: 'documents', no_rules: 'documents',
} as const satisfies Record<string, ReadinessStepKey>;
export type ReadinessCode = keyof typeof READINESS_CODES;

/** Where a location sells: at the desk (the booking calendar) and online (the booking widget). */
export const SALES_CHANNELS = ['desk', 'online'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export interface ReadinessStep {
  key: ReadinessStepKey;
  done: boolean;
  /** What the step, while not done, keeps from selling (empty: nothing, it is advice). */
  blocks: SalesChannel[];
  /** What it still lacks, each by a code and in the reader's language. */
  missing: { code: ReadinessCode; text: string }[];
}

export interface Readiness {
  ready_desk: boolean;
  ready_online: boolean;
  steps: ReadinessStep[];
}

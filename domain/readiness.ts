// #42 The setup checklist's shape, shared by the server (GET /api/v2.2/locations/{id}/readiness/) and
// the screens that show it: the steps in the order a venue takes them, and what a step that is not
// done may block. The rules of each step are the server's (server/modules/readiness/service.ts).

/** location → playgrounds → group → games → schedule and prices → staff → online payments (optional) → widget. */
export const READINESS_STEPS = ['location', 'playgrounds', 'group', 'games', 'schedule', 'staff', 'online_payments', 'widget'] as const;
export type ReadinessStepKey = (typeof READINESS_STEPS)[number];

/** Where a location sells: at the desk (the booking calendar) and online (the booking widget). */
export const SALES_CHANNELS = ['desk', 'online'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export interface ReadinessStep {
  key: ReadinessStepKey;
  done: boolean;
  /** What the step, while not done, keeps from selling (empty: nothing, it is advice). */
  blocks: SalesChannel[];
  /** What it still lacks, each by a code and in the reader's language. */
  missing: { code: string; text: string }[];
}

export interface Readiness {
  ready_desk: boolean;
  ready_online: boolean;
  steps: ReadinessStep[];
}

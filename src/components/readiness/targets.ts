// #42 Where each item of the setup checklist is fixed: a screen of a declaration (its route and its
// label, read from the registry, so a renamed screen renames its link), or a tab of the tools page.
// By the item's code (every code of domain/readiness.ts has one); a code the screen does not know yet (a newer server) goes by its step.
import type { ReadinessCode, ReadinessStepKey } from '../../../domain/readiness';
import { declaration } from '../../resources/registry';

/** A declared screen by its resource's name, or a tools page tab by the name of the resource that declares it. */
type Target = { screen: string } | { tab: string };

const BY_CODE: Record<ReadinessCode, Target> = {
  inactive: { screen: 'location_settings' },
  no_address: { screen: 'location_info' },
  no_playgrounds: { screen: 'schedules' },
  no_group: { screen: 'schedules' },
  group_empty: { screen: 'schedules' },
  ungrouped: { screen: 'schedules' },
  no_schedule: { screen: 'schedules' },
  no_items: { screen: 'schedules' },
  no_price_days: { screen: 'schedules' },
  starts_later: { screen: 'schedules' },
  no_games: { screen: 'games' },
  no_staff: { screen: 'staff' },
  no_provider: { tab: 'payment_provider' },
  prepaid_without_provider: { tab: 'payment_provider' },
  test_keys: { tab: 'payment_provider' },
  no_phone: { tab: 'widget_settings' },
  consent_incomplete: { screen: 'consent_documents' },
  no_privacy_policy: { screen: 'consent_documents' },
  no_rules: { screen: 'consent_documents' },
};

const BY_STEP: Record<ReadinessStepKey, Target> = {
  location: { screen: 'location_info' },
  playgrounds: { screen: 'schedules' },
  group: { screen: 'schedules' },
  games: { screen: 'games' },
  schedule: { screen: 'schedules' },
  staff: { screen: 'staff' },
  online_payments: { tab: 'payment_provider' },
  widget: { tab: 'widget_settings' },
  documents: { screen: 'consent_documents' },
};

export interface ReadinessLink {
  href: string;
  /** The screen's own label (an i18n key). */
  label: string;
}

/** The screen that fixes an item (by its code, else its step) at a location. */
export function linkFor(locationId: number | string, step: ReadinessStepKey, code?: string): ReadinessLink {
  const target = (code && BY_CODE[code as ReadinessCode]) || BY_STEP[step];
  if ('tab' in target) {
    const tools = declaration(target.tab).menu!.tools!;
    return { href: `/locations/${locationId}/tools?tab=${tools.tab}`, label: tools.label };
  }
  const d = declaration(target.screen);
  return { href: `/locations/${locationId}/${d.route!.path}`, label: d.menu!.management!.label };
}

// #28 ACTIVITY: a few demo entries of the activity log at location 1 (different people, kinds and
// days, one by the system) and one installation-wide (the first owner, made by the command), so the
// Activity lists (a location's, the installation's) are not empty for demo users and the generated
// list tests find rows on both sides of each filter (person, kind).
import type { Tx } from '../client';
import { activityEntries } from '../schema';

export async function seedActivity(tx: Tx, ids: { admin: number; manager: number; staff: number }): Promise<void> {
  const ago = (days: number, hours: number) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000);
  await tx.insert(activityEntries).values([
    { created: ago(10, 2), userId: null, locationId: null, ip: null, kind: 'setup.owner_created', subject: 'admin@example.com', after: { email: 'admin@example.com', owner: true } },
    { created: ago(9, 3), userId: ids.admin, locationId: 1, ip: '192.0.2.10', kind: 'location.created', subject: 'VR Арена Москва', after: { name: 'VR Арена Москва', currency: 'RUB' } },
    { created: ago(6, 2), userId: ids.admin, locationId: 1, ip: '192.0.2.10', kind: 'schedule.updated', subject: 'Куб 1',
      before: { price: '1500.00', start: '10:00' }, after: { price: '1800.00', start: '11:00' } },
    { created: ago(4, 5), userId: ids.manager, locationId: 1, ip: '198.51.100.7', kind: 'money.certificate_activated', subject: 'A1B2C3D4E5F6',
      before: { status: 'NOT_PAID' }, after: { status: 'ACTIVE', amount: '5000.00' } },
    { created: ago(2, 1), userId: ids.staff, locationId: 1, ip: '198.51.100.23', kind: 'money.payment', subject: '#1',
      after: { payment_type: 2, amount: '1800.00' } },
    { created: ago(1, 4), userId: null, locationId: 1, ip: null, kind: 'money.payment', subject: '#2', after: { payment_type: 4, amount: '2400.00' } },
    { created: ago(0, 1), userId: ids.admin, locationId: 1, ip: '192.0.2.10', kind: 'promocode.created', subject: 'SUMMER',
      before: null, after: { code: 'SUMMER', discount: '0.15' } },
  ]);
}

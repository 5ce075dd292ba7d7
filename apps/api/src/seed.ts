/**
 * Demo data for `npm start` on an empty database: one account, one user, and a dozen bids with items,
 * notes and due dates spread around today, written through the same commands as the screens.
 */
import type { ApiContext, Actor } from './platform/context.ts';
import { executeCommand } from './platform/records.ts';
import { newLineIds, newRecordId } from './platform/ids.ts';
import { hashPassword } from './areas/auth/routes.ts';
import { addDays } from '@trenchline/domain';

export const DEMO_EMAIL = 'demo@trenchline.app';
export const DEMO_PASSWORD = 'trenchline-demo';

const places = [
  ['Columbus', 'Franklin', 'A', 'W Broad St & Hague Ave'],
  ['Atlanta', 'Fulton', 'B', 'Peachtree Rd & 14th St'],
  ['Dallas', 'Dallas', 'SW', 'Elm St & N Akard St'],
  ['Phoenix', 'Maricopa', 'P', 'Camelback Rd & 7th St'],
  ['Chicago', 'Cook', 'A', 'N Halsted St & W Fullerton Ave'],
  ['Charlotte', 'Mecklenburg', 'B', 'Tryon St & Trade St'],
  ['Houston', 'Harris', 'SW', 'Westheimer Rd & Post Oak Blvd'],
  ['Denver', 'Denver', 'N', 'Colfax Ave & Broadway'],
  ['Sacramento', 'Sacramento', 'P', 'J St & 16th St'],
  ['Nashville', 'Davidson', 'B', 'Broadway & 8th Ave'],
  ['Indianapolis', 'Marion', 'A', 'Meridian St & Washington St'],
  ['Tulsa', 'Tulsa', 'SW', 'Peoria Ave & 15th St'],
] as const;
const work = ['Dirt-Bore 1,200 ft 2" duct', 'Aerial strand & lash 3,400 ft', 'Rock-Trench/Saw 600 ft', 'Existing duct pull 2,100 ft', 'Dirt-Plow 4,800 ft'];

export async function seedDemo(ctx: ApiContext): Promise<{ created: boolean }> {
  if (await ctx.db('users').whereRaw('lower(email) = ?', [DEMO_EMAIL]).first()) return { created: false };
  const [account] = await ctx.db('accounts').insert({ name: 'Demo Fibre Contractors' }).returning('id');
  const [user] = await ctx.db('users')
    .insert({ account_id: account.id, email: DEMO_EMAIL, display_name: 'Dana Demo', password_hash: await hashPassword(DEMO_PASSWORD) })
    .returning('id');
  const actor: Actor = { userId: String(user.id), userName: 'Dana Demo', email: DEMO_EMAIL, accountId: String(account.id), accountName: 'Demo Fibre Contractors' };
  const today = ctx.now().toISOString().slice(0, 10);

  for (const [n, [city, county, market, crossroads]] of places.entries()) {
    const id = await newRecordId(ctx, actor.accountId, 'bid');
    await executeCommand(ctx, actor, 'bid', id, {
      type: 'CreateBid',
      bidId: id,
      values: {
        work_request: `WR-${24100 + n * 7}`,
        supplier_code: `SC-${3100 + n}`,
        job_number: `J${26000 + n * 13}`,
        coordinator: ['Pat Lee', 'Sam Ortiz', 'Kim Nguyen'][n % 3],
        phone_1: `555-01${String(10 + n).padStart(2, '0')}`,
        description: work[n % work.length],
        bid_due_date: addDays(today, [1, 3, 5, 6, 9, 12, 2, 20, 30, 4, 15, 45][n]),
        request_start: addDays(today, 20 + n * 3),
        location: `${crossroads}, ${city}`,
        city,
        county,
        crossroads,
        market,
        region: ['AM', 'BL', 'SW', 'PB', 'AM', 'BL', 'SW', 'NT', 'PB', 'BL', 'AM', 'SW'][n] as never,
        division: ['BAU', 'IR', 'LIGHTGIG', 'BAU', 'LEGACY', 'NON-IR MR'][n % 6] as never,
        award_source: n % 2 ? 'CNA' : 'BID',
        our_status: ['New', 'Field Visit', 'To Estimate', 'Submitted', 'New', 'Modified'][n % 6] as never,
      },
    }, { create: true });
    const shares = n % 3 === 0 ? [50, 30, 20] : n % 3 === 1 ? [60, 25] : [100];
    const itemIds = await newLineIds(ctx, actor.accountId, 'bid_items', 'bid', id, shares.length);
    for (const [i, share] of shares.entries())
      await executeCommand(ctx, actor, 'bid', id, {
        type: 'AddLine',
        collection: 'bid_items',
        lineId: itemIds[i],
        values: { item: ['Bore', 'Place duct', 'Splice', 'Restore'][i], job_number: `J${26000 + n * 13}-${i + 1}`, geographic_location: city, bid_area: county, bid_percent: share, frc: `F${100 + i}`, vd: `V${i + 1}` },
      });
    const [noteId] = await newLineIds(ctx, actor.accountId, 'bid_notes', 'bid', id);
    await executeCommand(ctx, actor, 'bid', id, { type: 'AddLine', collection: 'bid_notes', lineId: noteId, values: { note: 'Walked the route; permits look straightforward.', note_status: 'Update' } });
  }
  return { created: true };
}

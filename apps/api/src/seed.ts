/**
 * Demo data for `npm start` on an empty database: one account, two users, a dozen bids with items,
 * notes and due dates spread around today, ten projects with customers, locations (with map
 * coordinates), contacts and notes, three routines with two assigned as do-routines (one partly
 * ticked), and the settings other screens look up (crews, customers,
 * vendors, raw materials, a product, SVA codes and coordinators, document numbers), a dozen base
 * jobs with every section filled (areas/jobs/seed.ts) and three ORCA jobs with tasks, CIBE lines and
 * permits expiring soon (areas/jobs/orca-seed.ts), locates on them and on none, some expired or due
 * for a re-up (areas/locates/seed.ts), help tickets between the two users (areas/help/seed.ts) and
 * customer orders of products (areas/orders/seed.ts) and field tickets on the jobs, some approved so
 * their production counts on the jobs (areas/tickets/seed.ts), RFQs in every status with segments and
 * estimates, one Won that made its job (areas/rfqs/seed.ts), and sales organisations with their contacts,
 * calls, meetings and both users' activity hours (areas/sales/seed.ts), written through the same commands as the screens.
 */
import type { ApiContext, Actor } from './platform/context.ts';
import { executeCommand } from './platform/records.ts';
import { newLineIds, newRecordId } from './platform/ids.ts';
import { hashPassword } from './areas/auth/routes.ts';
import { addDays, DOCUMENT_KINDS } from '@trenchline/domain';
import { singletonId } from './platform/singletons.ts';
import { addUser } from './areas/settings/users.ts';
import { assignRoutine } from './areas/routines/routes.ts';
import { seedJobs } from './areas/jobs/seed.ts';
import { seedOrcaJobs } from './areas/jobs/orca-seed.ts';
import { seedLocates } from './areas/locates/seed.ts';
import { seedHelpTickets } from './areas/help/seed.ts';
import { seedOrders } from './areas/orders/seed.ts';
import { seedTickets } from './areas/tickets/seed.ts';
import { seedRfqs } from './areas/rfqs/seed.ts';
import { seedSales } from './areas/sales/seed.ts';
import { seedReportSchedules } from './areas/reports/seed.ts';
import { seedNotificationRules } from './areas/notifications/seed.ts';
import { seedWebhooks } from './areas/webhooks/seed.ts';

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
    .insert({ account_id: account.id, email: DEMO_EMAIL, display_name: 'Dana Demo', password_hash: await hashPassword(DEMO_PASSWORD), role: 'admin' })
    .returning('id');
  const actor: Actor = { userId: String(user.id), userName: 'Dana Demo', email: DEMO_EMAIL, accountId: String(account.id), accountName: 'Demo Fibre Contractors', role: 'admin' };
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
  const settings = await seedSettings(ctx, actor);
  await seedProjects(ctx, actor, today);
  await seedRoutines(ctx, actor, today);
  const base = await seedJobs(ctx, actor, today, settings);
  const orca = await seedOrcaJobs(ctx, actor, today, settings);
  await seedLocates(ctx, actor, today, { base, orca });
  await seedHelpTickets(ctx, actor, { ...actor, userId: settings.fieldUser.id, userName: settings.fieldUser.display_name, email: settings.fieldUserEmail }, today);
  await seedOrders(ctx, actor, today, settings);
  await seedReportSchedules(ctx, actor);
  await seedNotificationRules(ctx, actor);
  await seedWebhooks(ctx, actor);
  await seedTickets(ctx, actor, today, { base, orca }, settings.crews);
  await seedRfqs(ctx, actor, today, settings.customers);
  await seedSales(ctx, [actor, { ...actor, userId: settings.fieldUser.id, userName: settings.fieldUser.display_name, email: settings.fieldUserEmail }], today);
  return { created: true };
}

/** City, state, latitude, longitude: real places so the list's distances make sense. */
const projectSites = [
  ['Columbus', 'OH', 39.9612, -82.9988],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Charlotte', 'NC', 35.2271, -80.8431],
  ['Houston', 'TX', 29.7604, -95.3698],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Nashville', 'TN', 36.1627, -86.7816],
  ['Tulsa', 'OK', 36.154, -95.9928],
] as const;

async function seedProjects(ctx: ApiContext, actor: Actor, today: string) {
  const statuses = ['Won', 'Submitted', 'Field Visit', 'To Estimate', 'Won', 'New', 'Modified', 'Won', 'Pass', 'Submitted'] as const;
  const colours = ['Green', 'Blue', 'Yellow', 'None', 'Green', 'None', 'Orange', 'Red', 'Gray', 'Blue'] as const;
  const types = ['Dirt-Bore', 'Aerial Strand & Lash', 'Dirt-Trench', 'Rock-Trench/Saw', 'Existing Duct', 'Dirt-Plow', 'Rock-Bore', 'Dirt-Bore', 'Other...', 'Aerial Strand & Lash'] as const;
  for (const [n, [city, state, latitude, longitude]] of projectSites.entries()) {
    const id = await newRecordId(ctx, actor.accountId, 'project');
    await executeCommand(ctx, actor, 'project', id, {
      type: 'CreateProject',
      projectId: id,
      values: {
        name: `${city} ${['FTTH phase 2', 'backbone extension', 'school district ring', 'tower backhaul'][n % 4]}`,
        customer: ['AT&T', 'Lumen', 'Fiberlight'][n % 3],
        description: `${types[n]} build, ${(1200 + n * 850).toLocaleString('en-US')} ft, restoration included.`,
        status: statuses[n],
        colour: colours[n],
        work_type: types[n],
        // The overdue one (due 3 days ago) started before it was due, as every project does.
        start_date: addDays(today, n === 8 ? -30 : -40 + n * 6),
        due_date: addDays(today, [2, 5, 9, 14, 21, 30, 45, 60, -3, 90][n]),
        po_number: n % 3 === 2 ? null : `PO-${48100 + n * 11}`,
        po_date: n % 3 === 2 ? null : addDays(today, -50 + n),
        po_amount: n % 3 === 2 ? null : 18500 + n * 7325.5,
        city,
        state,
        archived: n === 8,
      },
    }, { create: true });
    const lines: [string, Record<string, unknown>][] = [
      ['project_customers', { customer: n % 2 ? 'City of ' + city : 'County of ' + city, job_ref: `CR-${7700 + n}`, contact_name: 'Permits desk' }],
      ['project_locations', { name: `${city} staging yard`, address: `${100 + n * 17} Industrial Pkwy`, city, state, latitude, longitude }],
      ['project_contacts', { name: ['Alex Rivera', 'Jordan Park', 'Casey Brooks'][n % 3], title: 'Construction manager', company: ['AT&T', 'Lumen', 'Fiberlight'][n % 3], phone: `555-02${String(10 + n).padStart(2, '0')}`, email: `cm${n}@example.com` }],
      ['project_notes', { note: ['Locates called in; crew starts Monday.', 'Waiting on the city permit.', 'Bore pit moved 20 ft east per inspector.', 'PO received; schedule confirmed.'][n % 4], note_status: ['Update', 'Open Question', 'Issue', 'Action Taken'][n % 4] }],
    ];
    for (const [collection, values] of lines) {
      const [lineId] = await newLineIds(ctx, actor.accountId, collection, 'project', id);
      await executeCommand(ctx, actor, 'project', id, { type: 'AddLine', collection, lineId, values });
    }
  }
}

const catalog = (aggregate: string, values: Record<string, unknown>[]) => ({ aggregate, values });

async function seedSettings(ctx: ApiContext, actor: Actor): Promise<{ crews: string[]; fieldUserEmail: string; fieldUser: { id: string; display_name: string }; customers: Record<string, string>; products: Record<string, string> }> {
  const records = [
    catalog('crew', ['Bore Crew 1', 'Bore Crew 2', 'Aerial Crew A', 'Splice Team', 'Restoration Crew'].map((crew_name) => ({ crew_name }))),
    catalog('customer', [
      { name: 'AT&T', address: '208 S Akard St', city: 'Dallas', state: 'TX', zip: '75202', email: 'osp-billing@att.example', phone: '214-555-0100' },
      { name: 'Fiberlight', address: '11700 Great Oaks Way', city: 'Alpharetta', state: 'GA', zip: '30022', email: 'ap@fiberlight.example', phone: '678-555-0140' },
      { name: 'City of Columbus', address: '90 W Broad St', city: 'Columbus', state: 'OH', zip: '43215', phone: '614-555-0199' },
      { name: 'Lumen', address: '100 CenturyLink Dr', city: 'Monroe', state: 'LA', zip: '71203', email: 'ap@lumen.example', phone: '318-555-0123' },
    ]),
    catalog('vendor', [
      { name: 'Graybar', code: 'GB', item_name: 'Duct and fittings', uom: 'ft' },
      { name: 'Ditch Witch of Georgia', code: 'DW', item_name: 'Drill parts', uom: 'ea' },
    ]),
    catalog('raw_material', [
      { name: 'HDPE duct 1.25"', code: 'HD125', item_name: 'SDR-11 roll', uom: 'ft' },
      { name: 'Bentonite', code: 'BEN50', item_name: '50 lb bag', uom: 'bag' },
    ]),
    catalog('product', [{ code: 'SEAL-1', item_name: 'Duct sealant', uom: 'btl', price: 18.5, barcode_1: '0712345000011' }]),
    catalog('sva_coordinator', [
      { coordinator_code: 'PL01', coordinator: 'Pat Lee', coord_phone1: '555-0110', coordinator_email: 'pat.lee@att.example' },
      { coordinator_code: 'SO02', coordinator: 'Sam Ortiz', coord_phone1: '555-0111', coordinator_email: 'sam.ortiz@att.example' },
    ]),
  ];
  // The customers by name and the products by code, for the demo orders.
  const customers: Record<string, string> = {};
  const products: Record<string, string> = {};
  for (const { aggregate, values } of records)
    for (const v of values) {
      const id = await newRecordId(ctx, actor.accountId, aggregate);
      await executeCommand(ctx, actor, aggregate, id, { type: 'AddCatalogRecord', id, values: v }, { create: true });
      if (aggregate === 'customer') customers[String(v.name)] = id;
      if (aggregate === 'product') products[String(v.code)] = id;
    }

  const sheetId = await singletonId(ctx, actor, 'sva_rate_sheet');
  const codes = [
    ['SVA-101', 'Directional bore, 1-2 ducts', 'ft', 14.25],
    ['SVA-102', 'Directional bore in rock', 'ft', 38.0],
    ['SVA-201', 'Place handhole 17x30', 'ea', 425.0],
    ['SVA-301', 'Aerial strand and lash', 'ft', 2.1],
    ['SVA-401', 'Fusion splice, per fiber', 'ea', 32.5],
  ] as const;
  const lineIds = await newLineIds(ctx, actor.accountId, 'sva_codes', 'sva_rate_sheet', sheetId, codes.length);
  await executeCommand(ctx, actor, 'sva_rate_sheet', sheetId, {
    type: 'ImportSvaCodes',
    header: ['code', 'description', 'uom', 'rate'],
    records: codes.map((c) => c.map(String)),
    fileName: 'demo-rate-sheet.csv',
    lineIds,
  });

  const start: Record<string, number> = { invoice: 10450, ticket: 3200, order: 120, job: 2600, work_order: 880, rfq: 410 };
  for (const { kind } of DOCUMENT_KINDS) {
    const id = await singletonId(ctx, actor, 'document_counter', kind);
    await executeCommand(ctx, actor, 'document_counter', id, { type: 'SetCurrentNumber', number: start[kind] });
  }
  const field = await addUser(ctx, actor, { display_name: 'Frank Field', email: 'frank.field@trenchline.app', password: 'trenchline-field', role: 'field' }, 'seed');
  return { crews: records[0].values.map((v) => String(v.crew_name)), fieldUserEmail: field.email, fieldUser: field, customers, products };
}

const routineSeeds = [
  {
    name: 'Trench safety walk',
    category: 'Safety',
    frequency: 'Daily',
    sets: [
      ['Before digging', ['Locate tickets valid and marks visible', 'Spoil pile 2 ft from the edge', 'Cones and signs set per traffic plan']],
      ['Excavation over 5 ft', ['Trench box or shoring in place', 'Ladder within 25 ft of every worker']],
    ],
  },
  {
    name: 'Directional bore setup',
    category: 'Equipment',
    frequency: 'Per job',
    sets: [
      ['Rig', ['Stakes and anchor set', 'Strike alert tested', 'Drill head and sonde calibrated']],
      ['Fluids', ['Mud mixed to spec', 'Vac truck on site for returns']],
    ],
  },
  { name: 'Truck check', category: 'Vehicle', frequency: 'Daily', sets: [['Walk-around', ['Tyres and lights', 'Fluids', 'First-aid kit and extinguisher']]] },
] as const;

async function seedRoutines(ctx: ApiContext, actor: Actor, today: string) {
  const routineIds: string[] = [];
  for (const r of routineSeeds) {
    const id = await newRecordId(ctx, actor.accountId, 'routine');
    await executeCommand(ctx, actor, 'routine', id, { type: 'CreateRoutine', routineId: id, values: { name: r.name, category: r.category, frequency: r.frequency } }, { create: true });
    for (const [setName, tasks] of r.sets) {
      const [setId] = await newLineIds(ctx, actor.accountId, 'routine_sets', 'routine', id);
      await executeCommand(ctx, actor, 'routine', id, { type: 'AddLine', collection: 'routine_sets', lineId: setId, values: { name: setName } });
      for (const task of tasks) {
        const [taskId] = await newLineIds(ctx, actor.accountId, 'routine_tasks', 'routine', id);
        await executeCommand(ctx, actor, 'routine', id, { type: 'AddLine', collection: 'routine_tasks', lineId: taskId, values: { name: task, set: setId } });
      }
    }
    routineIds.push(id);
  }
  const walk = await assignRoutine(ctx, actor, routineIds[0], { assigned_to: 'Bore Crew 1', due_date: addDays(today, 1), location: 'Tulsa staging yard' });
  // The crew has ticked the first two checks of today's walk.
  for (const task of Object.keys(walk.state.lines.do_tasks ?? {}).slice(0, 2)) await executeCommand(ctx, actor, 'do_routine', walk.id, { type: 'TickDoTask', lineId: task, done: true });
  await assignRoutine(ctx, actor, routineIds[1], { assigned_to: 'Bore Crew 2', due_date: addDays(today, 5), location: 'Dallas staging yard' });
}

/**
 * Settings calls (spec 3 section 7 "Settings", spec 2 "Supporting"): the catalogs from their
 * declarations, the account's one-of records (settings, SVA rate sheet, document counters), files,
 * form types, how-to tips, the subscription catalogue, account users and user app activities.
 * docs/settings.md describes each call.
 */
import { saveUserPreference, userPreference } from '../../platform/preferences.ts';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TextEncodingChoice } from '@trenchline/domain';
import { encodingOf, uploadedText } from '../../platform/text-upload.ts';
import { queryFlag } from '@trenchline/platform';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  accountFileOf,
  catalogItem,
  catalogRecords,
  collection,
  DOCUMENT_KINDS,
  fileNameProblem,
  FORM_TYPE_NAVS,
  formTypesFor,
  HOW2_SECTIONS,
  how2sFor,
  linesOf,
  planSvaImport,
  subscriptionView,
  SvaImportRefused,
  userAppActivityFields,
  type AccountFilePurpose,
  type AccountSettingsState,
  type SvaRateSheetState,
} from '@trenchline/domain';
import { defineRoutes, reply, type RouteDef } from '../../platform/routes.ts';
import { catalogRoutes } from '../../platform/catalog-routes.ts';
import { collectionRoutes, RECORD_FIELDS, singletonRoutes } from '../../platform/record-routes.ts';
import { executeCommand, loadRecord, recordHistory, writeReply, type Edit } from '../../platform/records.ts';
import { loadSingleton, singletonId } from '../../platform/singletons.ts';
import { newLineIds } from '../../platform/ids.ts';
import { HttpError, badRequest, notFound } from '../../platform/errors.ts';
import { recordedType, requirePicture } from '../../platform/safe-files.ts';
import type { Actor, ApiContext } from '../../platform/context.ts';
import type { RouteRequest } from '../../platform/routes.ts';

type Upload = RouteRequest['file'];
import { currentNumber, issueNumber, setCurrentNumber } from './numbers.ts';
import { dismissGettingStarted, gettingStarted, gettingStartedBody } from './gettingStarted.ts';
import { counterId } from '../../platform/counters.ts';
import { clientAddress } from '../../platform/attempt-limits.ts';
import { addUser, cancelAccount, cancelBody, editUser, listUsers, newUserBody, userEditBody } from './users.ts';

// ---- files: the background picture and the training video -----------------------------------

async function accountFile(ctx: ApiContext, actor: Actor, purpose: AccountFilePurpose) {
  const loaded = await loadSingleton<AccountSettingsState>(ctx, actor, 'account_settings');
  return { ...accountFileOf(loaded.state, purpose), version: loaded.version };
}

async function replaceAccountFile(ctx: ApiContext, actor: Actor, purpose: AccountFilePurpose, file: Upload, fileName: unknown, nameField: string) {
  if (!file) throw badRequest({ file: 'a file is required' });
  const badName = fileNameProblem(fileName);
  if (badName) throw badRequest({ [nameField]: badName });
  if (purpose === 'background_picture') requirePicture(file);
  if (purpose === 'training_video' && !file.mimetype.startsWith('video/')) throw badRequest({ file: 'must be a video (MP4, WebM ...)' });
  const settingsId = await singletonId(ctx, actor, 'account_settings');
  const stored = await ctx.blobs.put(file.buffer);
  const [lineId] = await newLineIds(ctx, actor.accountId, 'account_files', 'account_settings', settingsId);
  const values = { purpose, file_name: (typeof fileName === 'string' && fileName.trim()) || file.originalname, content_type: recordedType(file), ...stored };
  const r = await executeCommand<AccountSettingsState>(ctx, actor, 'account_settings', settingsId, { type: 'AddLine', collection: 'account_files', lineId, values });
  return writeReply(accountFileOf(r.state, purpose), r.version, r.position);
}

// ---- SVA rate sheet import ------------------------------------------------------------------

/**
 * The CSV's header and rows, with the file line each row ends on (a quoted value may span lines, and
 * blank lines are kept as empty rows so errors name the line the user sees in their editor).
 */
function readCsv(buffer: Buffer, encoding: TextEncodingChoice): { header: string[]; records: string[][]; lines: number[] } {
  // Read in the encoding chosen or detected (UTF-8, or Excel's Windows-1252): never with "�" for a byte it cannot read.
  const { text } = uploadedText(buffer, encoding);
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With info: true each row comes as {record, info}; the package's types do not follow the option.
    rows = parseCsv(text, { relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof rows;
  } catch (e) {
    throw badRequest({ file: `is not a readable CSV file (${(e as Error).message})` });
  }
  const firstFilled = rows.findIndex((r) => r.record.some((c) => c.trim() !== ''));
  if (firstFilled < 0) throw badRequest({ file: 'is empty' });
  const body = rows.slice(firstFilled + 1);
  return { header: rows[firstFilled].record, records: body.map((r) => r.record), lines: body.map((r) => r.info.lines) };
}

const importQuery = z.object({ preview: queryFlag.optional() }).loose();

async function importSvaCodes(ctx: ApiContext, actor: Actor, file: Upload, preview: boolean, encoding: TextEncodingChoice) {
  if (!file) throw badRequest({ file: 'a CSV file is required' });
  const { header, records, lines } = readCsv(file.buffer, encoding);
  const sheetId = await singletonId(ctx, actor, 'sva_rate_sheet');
  const loaded = await loadRecord<SvaRateSheetState>(ctx, actor, 'sva_rate_sheet', sheetId);
  const plan = planSvaImport(linesOf(loaded.state.lines, 'sva_codes'), header, records, lines);
  if (preview) return { ...plan, preview: true };
  if (!plan.ok) throw new HttpError(400, 'invalid', new SvaImportRefused(plan).message, { fields: { file: 'has rows with errors' }, plan });
  const lineIds = await newLineIds(ctx, actor.accountId, 'sva_codes', 'sva_rate_sheet', sheetId, plan.counts.add);
  try {
    const r = await executeCommand(ctx, actor, 'sva_rate_sheet', sheetId, { type: 'ImportSvaCodes', header, records, fileName: file.originalname, lineIds });
    return writeReply({ ...plan, imported: { added: plan.counts.add, updated: plan.counts.update, unchanged: plan.counts.unchanged } }, r.version, r.position);
  } catch (e) {
    if (e instanceof SvaImportRefused) throw new HttpError(400, 'invalid', e.message, { fields: e.fields, plan: e.plan });
    throw e;
  }
}

// ---- how-to tips ----------------------------------------------------------------------------

const OPT_OUTS = 'how2_opt_outs';

async function optedOut(ctx: ApiContext, actor: Actor): Promise<number[]> {
  const ids = await userPreference<unknown>(ctx, actor, OPT_OUTS, []);
  return Array.isArray(ids) ? ids : [];
}

async function setOptOut(ctx: ApiContext, actor: Actor, sectionId: string, out: boolean) {
  const id = Number(sectionId);
  const section = HOW2_SECTIONS.find((s) => s.id === id);
  if (!section) throw notFound('How-to section');
  const ids = new Set(await optedOut(ctx, actor));
  if (out) ids.add(id);
  else ids.delete(id);
  await saveUserPreference(ctx, actor, OPT_OUTS, [...ids].sort((a, b) => a - b));
  return { ...section, opted_out: out };
}

const withOptOuts = async (ctx: ApiContext, actor: Actor, sections: readonly (typeof HOW2_SECTIONS)[number][]) => {
  const out = new Set(await optedOut(ctx, actor));
  return sections.map((s) => ({ ...s, opted_out: out.has(s.id) }));
};

// ---- routes ---------------------------------------------------------------------------------

const counterRoutes: RouteDef[] = DOCUMENT_KINDS.flatMap(({ kind, path, label }) => [
  {
    method: 'get' as const,
    path: `/settings/current_number/${path}/history`,
    summary: `${label} counter history: every number handed out or set`,
    handle: async ({ actor }: { actor: Actor }, ctx: ApiContext) => recordHistory(ctx, actor, 'document_counter', await counterId(ctx, actor, kind)),
  },
  {
    method: 'post' as const,
    path: `/settings/current_number/${path}/issue`,
    summary: `Hand out the next ${label.toLowerCase()} number (DocumentNumberIssued): distinct and gap-free under concurrent requests`,
    handle: ({ actor }: { actor: Actor }, ctx: ApiContext) => issueNumber(ctx, actor, kind),
  },
  {
    method: 'get' as const,
    path: `/settings/current_number/${path}`,
    summary: `The current ${label.toLowerCase()} number (the last one handed out or set) and the suggested new value (current plus one); ?as_of=<ISO time> as it stood then`,
    query: z.object({ as_of: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional() }).loose(),
    handle: ({ actor, query }: { actor: Actor; query: { as_of?: string } }, ctx: ApiContext) =>
      currentNumber(ctx, actor, kind, query.as_of ? new Date(query.as_of).toISOString() : undefined),
  },
  {
    method: 'put' as const,
    path: `/settings/current_number/${path}/:id`,
    ids: { id: 'document_counter' },
    summary: `Set the current ${label.toLowerCase()} number (never below the highest one handed out)`,
    body: z.object({ number: z.unknown() }),
    handle: ({ actor, params, body, baseVersion }: { actor: Actor; params: Record<string, string>; body: { number: unknown }; baseVersion?: number }, ctx: ApiContext) =>
      setCurrentNumber(ctx, actor, kind, params.id, typeof body.number === 'string' && body.number.trim() !== '' ? Number(body.number) : body.number, baseVersion),
  },
]);

export const settingsRoutes = defineRoutes('settings', [
  // Calls under /api/jobs/ that belong to settings: mounted before the job routes' /jobs/:id.
  {
    method: 'get',
    path: '/jobs/job_account_users',
    summary: 'The account\'s active users, to assign to jobs (matched by last name)',
    handle: ({ actor }, ctx) => listUsers(ctx, actor, { activeOnly: true }),
  },
  {
    method: 'get',
    path: '/jobs/how2s/:page',
    ids: { page: null },
    summary: 'How-to tips of a job screen (detail, dashboard), with the caller\'s opt-outs',
    handle: async ({ actor, params }, ctx) => {
      if (params.page !== 'detail' && params.page !== 'dashboard') throw notFound('How-to page');
      return withOptOuts(ctx, actor, how2sFor(params.page));
    },
  },

  // Catalogs, each from its declaration; a product's raw materials come with the product's routes.
  ...catalogRecords().flatMap(catalogRoutes),

  // The account's settings record, its files and its subscriptions.
  ...singletonRoutes({ aggregate: 'account_settings', path: '/settings/account' }),
  {
    method: 'post',
    path: '/settings/account/cancel',
    summary: 'Cancel the account ({confirm: account name}): every user\'s access ends at once; no refunds',
    body: cancelBody,
    handle: ({ actor, body }, ctx) => cancelAccount(ctx, actor, body),
  },
  {
    method: 'get',
    path: '/settings/time_zone',
    summary: "The account's time zone (IANA name; report schedules run in it): {time_zone, version}",
    handle: async ({ actor }, ctx) => {
      const loaded = await loadSingleton<AccountSettingsState>(ctx, actor, 'account_settings');
      return reply({ headers: { ETag: `"${loaded.version}"` }, body: { time_zone: loaded.state.time_zone, version: loaded.version } });
    },
  },
  {
    method: 'put',
    path: '/settings/time_zone',
    summary: "Change the account's time zone ({time_zone}: an IANA name such as America/Chicago) (AccountTimeZoneChanged; kept in the settings' history)",
    body: z.object({ time_zone: z.unknown() }),
    handle: async ({ actor, body }, ctx) => {
      const settingsId = await singletonId(ctx, actor, 'account_settings');
      const r = await executeCommand<AccountSettingsState>(ctx, actor, 'account_settings', settingsId, { type: 'ChangeAccountTimeZone', time_zone: body.time_zone }, {
        // The accounts row is what schedules and the worker read (accountTimeZone), written with the event.
        sideWrites: async (client, decided) => {
          if (decided.events.length) await client.query('update accounts set time_zone = $2 where id = $1', [actor.accountId, (decided.state as AccountSettingsState).time_zone]);
        },
      });
      // The worker's minute moves the schedules to the new zone; asked now (a minute more is harmless) so they follow within seconds.
      await ctx.jobs.enqueue('schedules.tick', {}, `time-zone-${actor.accountId}-${r.version}`);
      return writeReply({ time_zone: r.state.time_zone }, r.version, r.position);
    },
  },
  {
    method: 'get',
    path: '/settings/background_picture',
    summary: 'The account\'s background picture: {url, file, file_name} (url null when none is set)',
    handle: ({ actor }, ctx) => accountFile(ctx, actor, 'background_picture'),
  },
  {
    method: 'put',
    path: '/settings/background_picture',
    summary: 'Replace the background picture (multipart: file, background_picture_file_name)',
    upload: true,
    handle: ({ actor, file, body }, ctx) => replaceAccountFile(ctx, actor, 'background_picture', file, body?.background_picture_file_name, 'background_picture_file_name'),
  },
  {
    method: 'get',
    path: '/settings/how2s/videos/1',
    summary: 'The account\'s training video: {file, url, file_name} (null when none)',
    handle: ({ actor }, ctx) => accountFile(ctx, actor, 'training_video'),
  },
  {
    method: 'put',
    path: '/settings/how2s/videos/1',
    summary: 'Replace the training video (multipart: file, file_name)',
    upload: true,
    handle: ({ actor, file, body }, ctx) => replaceAccountFile(ctx, actor, 'training_video', file, body?.file_name, 'file_name'),
  },
  {
    method: 'get',
    path: '/settings/catalog',
    summary: 'The subscription catalogue with the account\'s quantities and monthly total',
    handle: async ({ actor }, ctx) => {
      const loaded = await loadSingleton<AccountSettingsState>(ctx, actor, 'account_settings');
      const view = subscriptionView(loaded.state);
      // Each item carries the version it was read at, so an item PUT back from the list merges like one read alone.
      return { ...view, items: view.items.map((i) => ({ ...i, version: loaded.version })), cancelled_at: loaded.state.cancelled_at, version: loaded.version };
    },
  },
  {
    method: 'get',
    path: '/settings/catalog/:id',
    ids: { id: null }, // a catalogue item's name, not a record
    summary: 'One catalogue item with the account\'s quantity',
    handle: async ({ actor, params }, ctx) => {
      const loaded = await loadSingleton<AccountSettingsState>(ctx, actor, 'account_settings');
      const item = subscriptionView(loaded.state).items.find((i) => i.id === params.id);
      if (!item) throw notFound('Catalogue item');
      return reply({ headers: { ETag: `"${loaded.version}"` }, body: { ...item, version: loaded.version } });
    },
  },
  {
    method: 'put',
    path: '/settings/catalog/:id',
    ids: { id: null }, // a catalogue item's name, not a record
    summary: 'Subscribe to a catalogue item ({quantity}; 0 ends it) (SubscriptionChanged); from the version last seen, a quantity someone else set since is a 409 naming quantity',
    body: z.object({ quantity: z.unknown() }),
    handle: async ({ actor, params, body, baseVersion }, ctx) => {
      const item = params.id;
      if (!catalogItem(item)) throw notFound('Catalogue item');
      const quantity = typeof body.quantity === 'string' && body.quantity.trim() !== '' ? Number(body.quantity) : body.quantity;
      const settingsId = await singletonId(ctx, actor, 'account_settings');
      const edit: Edit = {
        part: RECORD_FIELDS,
        read: (s: AccountSettingsState) => ({ quantity: s.subscriptions[item] ?? 0 }),
        values: { quantity },
        base: baseVersion,
        command: (v) => ({ type: 'ChangeSubscription', item, quantity: v.quantity }),
      };
      const r = await executeCommand<AccountSettingsState>(ctx, actor, 'account_settings', settingsId, edit);
      const view = subscriptionView(r.state);
      return writeReply({ ...view.items.find((i) => i.id === params.id)!, monthly_total: view.monthly_total }, r.version, r.position);
    },
  },

  // Document numbering.
  {
    method: 'get',
    path: '/settings/current_number',
    summary: 'Every document counter of the account',
    handle: ({ actor }, ctx) => Promise.all(DOCUMENT_KINDS.map((k) => currentNumber(ctx, actor, k.kind))),
  },
  ...counterRoutes,

  // Form types.
  {
    method: 'get',
    path: '/settings/form_types',
    summary: 'Form types (name, ux_name, form_title) of a screen: ?nav=job|ticket|locate|rfq; all without nav',
    query: z.object({ nav: z.enum(FORM_TYPE_NAVS, { message: `must be one of ${FORM_TYPE_NAVS.join(', ')}` }).optional() }).loose(),
    handle: async ({ query }) => formTypesFor(query.nav),
  },

  // SVA rate sheet: its codes (lines) and CSV import.
  ...singletonRoutes({ aggregate: 'sva_rate_sheet', path: '/settings/jobs/sva_rate_sheet' }),
  {
    method: 'post',
    path: '/settings/jobs/sva_codes/import',
    summary: 'Import SVA codes from CSV (multipart file; columns code, description, uom, rate, provisions). ?preview=t answers the plan and writes nothing; otherwise nothing is imported unless every row is valid',
    upload: true,
    query: importQuery,
    handle: (req, ctx) => importSvaCodes(ctx, req.actor, req.file, req.query.preview === true, encodingOf(req)),
  },
  ...collectionRoutes(collection('sva_codes')),

  // A new account's first steps.
  {
    method: 'get',
    path: '/settings/getting_started',
    summary: "A new account's first steps (crews, customers, numbering, a first job), each done or not from the account's records, and whether the caller's panel shows",
    readsLists: ['crews', 'customers', 'jobs'],
    handle: ({ actor }, ctx) => gettingStarted(ctx, actor),
  },
  {
    method: 'put',
    path: '/settings/getting_started',
    summary: 'Dismiss the getting-started panel for the caller ({dismissed: true}), or bring it back',
    body: gettingStartedBody,
    handle: ({ actor, body }, ctx) => dismissGettingStarted(ctx, actor, body.dismissed),
  },

  // How-to tips.
  {
    method: 'get',
    path: '/settings/how2s',
    summary: 'Every how-to tip, with the caller\'s opt-outs',
    handle: ({ actor }, ctx) => withOptOuts(ctx, actor, HOW2_SECTIONS),
  },
  {
    method: 'post',
    path: '/settings/how2s/sections/:id/opt_out',
    ids: { id: null }, // a how-to section's name, not a record
    summary: 'Stop showing a how-to tip to the caller',
    handle: ({ actor, params }, ctx) => setOptOut(ctx, actor, params.id, true),
  },
  {
    method: 'delete',
    path: '/settings/how2s/sections/:id/opt_out',
    ids: { id: null }, // a how-to section's name, not a record
    summary: 'Show a how-to tip to the caller again',
    handle: ({ actor, params }, ctx) => setOptOut(ctx, actor, params.id, false),
  },

  // Account users.
  {
    method: 'get',
    path: '/settings/users',
    summary: 'Every user of the account, active or not, with their role',
    handle: ({ actor }, ctx) => listUsers(ctx, actor, { activeOnly: false }),
  },
  {
    method: 'post',
    path: '/settings/users',
    summary: 'Add a user to the account ({display_name, email, password, role}: role admin, office (the default), field or auditor) (AccountUserAdded); an email already registered is 409, a few times, then 429',
    body: newUserBody,
    handle: async ({ actor, body, raw }, ctx) => reply({ status: 201, body: await addUser(ctx, actor, body, clientAddress(raw)) }),
  },
  {
    method: 'put',
    path: '/settings/users/:id',
    ids: { id: null }, // a user: users are a table of their own, checked against the account by the handler
    summary: 'Edit a user (display_name, email, password, active, role; a new role is AccountUserRoleChanged); active false ends their sessions at once; the last active admin can be neither demoted nor deactivated (409 naming role or active)',
    body: userEditBody,
    handle: ({ actor, params, body, raw }, ctx) => editUser(ctx, actor, params.id, body, clientAddress(raw)),
  },

  // User app activities.
  {
    method: 'post',
    path: '/settings/user_app_activities',
    summary: 'Record what a user did in an app (UserAppActivityRecorded)',
    body: userAppActivityFields,
    handle: async ({ actor, body }, ctx) => {
      const id = randomUUID();
      const res = await executeCommand(ctx, actor, 'user_activity', actor.userId, { type: 'RecordUserAppActivity', id, values: body }, { appendOnly: true });
      return writeReply({ id, user_id: actor.userId, user_name: actor.userName, at: res.at, ...body }, res.version, res.position, 201);
    },
  },
  {
    method: 'get',
    path: '/settings/user_app_activities',
    summary: 'The account\'s newest user app activities (?limit=, at most 500)',
    query: z.object({ limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(500).optional() }).loose(),
    readsLists: ['user_app_activities'],
    handle: async ({ actor, query }, ctx) =>
      (await ctx.db('user_app_activities').where('account_id', actor.accountId).orderBy('at', 'desc').orderBy('position', 'desc').limit(query.limit ?? 50).select('activity')).map((r) => r.activity),
  },
]);

/**
 * The role sweep (docs/roles.md): every registered route, called as a field user and as an auditor
 * on the demo account's data. The expected outcome of each call is stated here from the plain rules
 * of docs/roles.md, not read from the server's policy, so the two must agree; a route of an area these
 * rules do not know fails, naming it, until someone decides. A refusal is 403 naming the role; a call
 * let through stops at a body or query that cannot be stored (400), so the sweep writes nothing.
 */
import { describe, expect, it } from 'vitest';
import { areaRoutes } from '@trenchline/api/areas/index.ts';
import { fileRoutes } from '@trenchline/api/platform/files.ts';
import { listColumnRoutes } from '@trenchline/api/platform/list-columns.ts';
import { uploadRoutes } from '@trenchline/api/platform/uploads.ts';
import { withOwnedIds } from '@trenchline/api/platform/owned-ids.ts';
import type { RouteDef } from '@trenchline/api/platform/routes.ts';
import { Client } from '../support/client.ts';
import { demoAccountApp, addWhatTheDemoLacks } from './support.ts';

type Role = 'field' | 'auditor';
type Outcome = 'allowed' | 'refused';
interface Call {
  area: string;
  route: RouteDef;
  url: string;
  body?: Record<string, unknown>;
  /** The aggregates of the records the path names ('job', 'ticket', 'bid' ...). */
  streams: string[];
}

const UNSTORABLE = 'a\u0000b';
const FIELD_EMAIL = 'frank.field@trenchline.app';
const FIELD_PASSWORD = 'trenchline-field';

// ---- The plain rules of docs/roles.md ----

const isRead = (r: RouteDef) => r.method === 'get';
/** A user's own preferences and logs, in any area: every role keeps them. */
const isOwnPreference = (r: RouteDef) =>
  /\/(search_dates|dashboard_prefs)$/.test(r.path) || r.path.startsWith('/list_columns/') || /^\/settings\/(user_app_activities|how2s\/sections\/:id\/opt_out)$/.test(r.path) ||
  /^\/(notifications|notification_preferences)(\/|$)/.test(r.path);

/** A report request: a GET the web opens as a page; it records a report, no business record. */
const isReportRequest = (r: RouteDef) => r.method === 'get' && r.writes === 'page';

/** An auditor reads everything (report requests included) and writes nothing but their own preferences and export requests; a GET that writes (awarding a bid) is a write. */
function auditorMay(c: Call): Outcome {
  const r = c.route;
  // Webhooks carry their signing secret: admins only, even to read.
  if (c.area === 'webhooks') return 'refused';
  return (isRead(r) && r.writes !== true) || isOwnPreference(r) || r.path === '/audit/export' ? 'allowed' : 'refused';
}

const FIELD_JOB_LINES = ['tasks', 'notes', 'files', 'photos', 'general_files', 'productions', 'segments', 'damagereports'];
const MONEY_JOB_LINES = ['items', 'change_orders', 'invoices', 'crew_payouts', 'cibe_emails', 'timesheets', 'timecards'];
/** Records a field user reaches: tickets, locates, and the jobs they are assigned to (the sweep assigns them every job it names). */
const theirs = (c: Call) => c.streams.length > 0 && c.streams.every((s) => ['ticket', 'locate', 'job'].includes(s));
const yes = (b: boolean): Outcome => (b ? 'allowed' : 'refused');

/** What a field user may do, area by area; undefined: an area these rules have not decided. */
const fieldRules: Record<string, (c: Call) => Outcome> = {
  auth: () => 'allowed',
  list_columns: () => 'allowed',
  bids: () => 'refused',
  projects: () => 'refused',
  rfqs: () => 'refused',
  sales: () => 'refused',
  orders: () => 'refused',
  routines: () => 'refused',
  help: () => 'refused',
  bulk: () => 'refused',
  report_schedules: () => 'refused',
  mail_outbox: () => 'refused',
  audit: () => 'refused',
  // Notifications: their own (above); the account's notification rules are office reading.
  notifications: () => 'refused',
  webhooks: () => 'refused',
  // Tickets: all but payroll and approving.
  tickets: ({ route: r }) => yes(!/payroll/.test(r.path) && !/(approve|ticket_approvals)$/.test(r.path)),
  // Locates: all but the locate settings' changes.
  locates: ({ route: r }) => yes(isRead(r) || !r.path.startsWith('/settings/')),
  // Settings: the pickers' reads, not users, subscription, numbering or rates; no changes.
  settings: ({ route: r }) => yes(isRead(r) && !/^\/settings\/(users|account|catalog|current_number|jobs\/sva_)/.test(r.path)),
  // Reports: their own requests list; a ticket's PDF, the locates report and their jobs' work orders.
  reports: (c) => yes(!isReportRequest(c.route) || /^\/tickets\/:id\/pdf$|^\/locates\/report\/locates$/.test(c.route.path) || (c.route.path === '/jobs/work_orders/:id/pdf' && theirs(c))),
  files: (c) => yes(theirs(c)),
  // A resumable upload's bytes are the user's own until a line's add takes them (checked there).
  uploads: () => 'allowed',
  // Jobs: the job list and the look-up by number (theirs only), their jobs and lines without money or payroll; changes only to the field's lines.
  jobs: (c) => {
    const r = c.route;
    if (r.method === 'get' && (r.path === '/jobs' || r.path === '/jobs/lookup/:key')) return 'allowed';
    const first = r.path.split('/').filter((s) => s && s !== 'jobs' && !s.startsWith(':'))[0];
    if (!theirs(c) || MONEY_JOB_LINES.includes(first)) return 'refused';
    return yes(isRead(r) || FIELD_JOB_LINES.includes(first));
  },
};

function expected(role: Role, c: Call): Outcome | 'undecided' {
  if (role === 'auditor') return auditorMay(c);
  if (isOwnPreference(c.route)) return 'allowed';
  return fieldRules[c.area]?.(c) ?? 'undecided';
}

// ---- The sweep ----

let field: Client;
let auditor: Client;
let calls: Call[] = [];

const counts = async () => (await sweep.get().db.query('select (select count(*) from events)::int as events, (select count(*) from record_index)::int as ids')).rows[0] as { events: number; ids: number };
const kindsOf = (k: string | readonly string[]) => (typeof k === 'string' ? [k] : k);
const routes = () => withOwnedIds([...areaRoutes, fileRoutes, uploadRoutes, listColumnRoutes]).flatMap((a) => a.routes.filter((r) => !r.public).map((route) => ({ area: a.area, route })));

const sweep = demoAccountApp('security_roles', { reportWaitMs: 10 }, async (made) => {
  const { app, db, demo, accountId } = made;
  await addWhatTheDemoLacks(made);
  const rows = (await db.query<{ kind: string; id: string; stream: string }>(
    `select distinct on (kind) kind, id::text as id, stream_id as stream from record_index where account_id = $1 order by kind, id desc`,
    [accountId],
  )).rows;
  const byKind = new Map(rows.map((r) => [r.kind, r]));

  field = new Client(app.url);
  await field.get('/api/auth/me');
  expect((await field.post('/api/auth/login', { email: FIELD_EMAIL, password: FIELD_PASSWORD })).status).toBe(200);
  expect((await field.get('/api/auth/me')).body.user.role).toBe('field');
  auditor = await demo.addColleague('Audrey Auditor', 'auditor');

  const jobs = new Set<string>();
  calls = routes().map(({ area, route }) => {
    let url = `/api${route.path.replace('{/:name}', '')}`;
    const streams: string[] = [];
    const pick = (kinds: string | readonly string[]) => kindsOf(kinds).map((k) => byKind.get(k)).find(Boolean);
    for (const [param, kinds] of Object.entries(route.ids ?? {})) {
      const row = kinds === null ? undefined : pick(kinds);
      url = url.replace(`:${param}`, kinds === null ? 'x' : (row?.id ?? '0'));
      if (row) streams.push(row.stream.slice(0, row.stream.lastIndexOf('-')));
      if (row?.stream.startsWith('job-')) jobs.add(row.stream.slice(4));
    }
    const parents = Object.fromEntries(Object.entries(route.bodyIds ?? {}).map(([f, kinds]) => [f, pick(kinds)?.id ?? '0']));
    const read = route.method === 'get' || route.method === 'delete';
    return {
      area,
      route,
      streams,
      url: read ? `${url}/?${new URLSearchParams({ ...parents, bad: UNSTORABLE })}` : `${url}/?${new URLSearchParams({ bad: UNSTORABLE })}`,
      body: read ? undefined : { ...parents, bad: UNSTORABLE },
    };
  });
  // The field user is assigned to every job the sweep names, so 'their jobs' routes are tried on jobs of theirs.
  for (const job of jobs) expect([201, 409]).toContain((await demo.post(`/api/jobs/${job}/assign_users/`, { user_to_be_assigned: FIELD_EMAIL })).status);
  await app.caughtUp();
});

/** Every call as `role`; the ones whose answer differs from the rules, with what they answered. */
async function disagreements(role: Role, client: Client): Promise<string[]> {
  const out: string[] = [];
  for (const c of calls) {
    const want = expected(role, c);
    const name = `${c.route.method.toUpperCase()} ${c.route.path}`;
    if (want === 'undecided') {
      out.push(`${name} (area ${c.area}): no rule says what a ${role} user may do here`);
      continue;
    }
    const res = await client.request(c.route.method.toUpperCase(), c.url, c.body);
    const refused = res.status === 403 && res.body?.error === 'forbidden';
    if (refused && res.body.role !== role) out.push(`${name}: refused without naming the role: ${JSON.stringify(res.body)}`);
    if (want === 'allowed' && (refused || res.status === 401)) out.push(`${name}: expected to pass, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
    if (want === 'refused' && !refused) out.push(`${name}: expected 403 naming ${role}, got ${res.status} ${JSON.stringify(res.body).slice(0, 140)}`);
  }
  return out;
}

describe('the role sweep over every route', () => {
  it('given the demo data, then every route names records the sweep has', () => {
    expect(calls.filter((c) => c.url.includes('/0/') || c.body?.routine === '0').map((c) => `${c.route.method} ${c.route.path}`)).toEqual([]);
  });

  it('given a field user, when they call every route, then each is answered or refused (403 naming field) as docs/roles.md says, and nothing is written', { timeout: 180_000 }, async () => {
    const before = await counts();
    expect(await disagreements('field', field)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('given an auditor, when they call every route, then every read is answered and every write refused (403 naming auditor) but their own preferences, and nothing is written', { timeout: 180_000 }, async () => {
    const before = await counts();
    expect(await disagreements('auditor', auditor)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

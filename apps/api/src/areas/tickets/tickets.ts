/**
 * What the ticket calls do beyond the generic record routes (docs/tickets.md): the assignment to a
 * job, task and segment (checked and filled from the job; a new ticket's too: ticketRecord), the save of the whole ticket with its lines as the old client sends it, approval one by one
 * or in bulk, and production lines picked from the job's CIBE items.
 */
import {
  collection,
  linesOf,
  parseLineValues,
  TICKET_RELATED,
  ticketFields,
  DomainError,
  type CollectionDef,
  type JobState,
  type Line,
  type TicketFields,
  type TicketState,
} from '@trenchline/domain';
import type { Command, Edit } from '@trenchline/platform';
import { today, type Actor, type ApiContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors.ts';
import { findRecord, newLineIds } from '../../platform/ids.ts';
import { executeCommand, loadRecord } from '../../platform/records.ts';
import { lineEdit, RECORD_FIELDS, stripClientOnly, type RecordRoutesOptions } from '../../platform/record-routes.ts';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';
const productions = collection('ticket_productions');

/** The job a job line (a task, a segment) belongs to, or null when it is no such line of the account. */
async function jobOfLine(ctx: ApiContext, actor: Actor, lineId: string, kind: string): Promise<string | null> {
  const line = await findRecord(ctx, lineId, actor.accountId);
  return line?.kind === kind ? line.streamId.replace(/^job-/, '') : null;
}

/**
 * An assignment in a body, checked and completed: a task or a segment names its job (and must be the
 * job's when a job is sent); the job's number, the task's id, the segment's number and the job's
 * customer are filled in unless sent.
 */
export async function withTicketAssignment(ctx: ApiContext, actor: Actor, body: Partial<TicketFields>): Promise<Partial<TicketFields>> {
  const out = { ...body };
  for (const [field, kind] of [['job_task_ref', 'job_tasks'], ['job_seg_ref_id', 'job_segments']] as const) {
    if (!given(body[field])) continue;
    const job = await jobOfLine(ctx, actor, String(body[field]), kind);
    if (!job) throw badRequest({ [field]: `no such ${kind === 'job_tasks' ? 'task' : 'segment'} in your account` });
    if (given(out.job) && String(out.job) !== job) throw badRequest({ [field]: `must be a ${kind === 'job_tasks' ? 'task' : 'segment'} of the job the ticket is for` });
    out.job = job;
  }
  if (!given(out.job)) return out;
  const job = await loadRecord<JobState>(ctx, actor, 'job', String(out.job)).catch((e) => {
    if (e instanceof DomainError && e.code === 'not_found') throw badRequest({ job: 'no such job in your account' });
    throw e;
  });
  const f = job.state.fields as Record<string, unknown>;
  if (!given(body.account_job_number)) out.account_job_number = (f.account_job_number as string | null) ?? null;
  if (!given(body.customer) && given(f.customer) && !given((body as Record<string, unknown>).customer)) out.customer = f.customer as string;
  if (given(body.job_task_ref) && !given(body.task_id)) out.task_id = (linesOf(job.state.lines, 'job_tasks').find((t) => t.id === String(body.job_task_ref))?.task_id as string | null) ?? null;
  if (given(body.job_seg_ref_id) && !given(body.segment_number)) {
    const seg = linesOf(job.state.lines, 'job_segments').find((s) => s.id === String(body.job_seg_ref_id));
    out.segment_number = String(seg?.segment_number ?? seg?.number ?? '') || null;
  }
  return out;
}

/** The old client names the job `job_ref_id` too: read as `job` when `job` is not sent. */
export function ticketBody(body: unknown): Record<string, unknown> {
  const b = { ...((body ?? {}) as Record<string, unknown>) };
  if (!given(b.job) && given(b.job_ref_id)) b.job = b.job_ref_id;
  return b;
}

/**
 * The ticket as a record: a new one (from the list or a job) is New, created today, numbered by the
 * ticket counter (the ticket aggregate's `number`: spent only on a valid request), its assignment to a
 * job, task or segment checked and filled first.
 */
export const ticketRecord: RecordRoutesOptions = {
  aggregate: 'ticket',
  base: '/tickets/:id',
  fields: ticketFields,
  create: {
    path: '/tickets',
    summary: 'Create a ticket {form_type, ticket_status, account_ticket_number, title, job}: New, created today, numbered by the ticket counter (a number sent is ignored); from a job or task (job, job_task_ref, job_seg_ref_id: checked, the job number, task id, segment number and customer filled in)',
    command: (ticketId, values, { today }) => ({ type: 'CreateTicket', ticketId, values, today }),
    prepare: (ctx, actor, body, raw) => withTicketAssignment(ctx, actor, ticketFields.parse(ticketBody({ ...raw, ...body }))),
    withLines: true,
  },
};

/** The header edit of a save: assignment checked and filled when the job, task or segment changes. */
async function headerEdit(ctx: ApiContext, actor: Actor, current: TicketState, body: Record<string, unknown>, base?: number): Promise<Edit> {
  const parsed = ticketFields.partial().parse(ticketBody(body)) as Partial<TicketFields>;
  const moves = (['job', 'job_task_ref', 'job_seg_ref_id'] as const).some((k) => k in parsed && String(parsed[k] ?? '') !== String(current.fields[k] ?? ''));
  const values = moves ? await withTicketAssignment(ctx, actor, parsed) : parsed;
  const day = today(ctx);
  return { part: RECORD_FIELDS, values, base, command: (v) => ({ type: 'ReviseTicket', values: v, today: day }) };
}

/** An edit of the ticket's own fields (the whole ticket may come back), merged by field. */
export async function saveTicket(ctx: ApiContext, actor: Actor, id: string, body: Record<string, unknown>, base?: number) {
  const current = await loadRecord<TicketState>(ctx, actor, 'ticket', id);
  return executeCommand<TicketState>(ctx, actor, 'ticket', id, await headerEdit(ctx, actor, current.state, body, base));
}

const sameValues = (line: Line, values: Record<string, unknown>) => Object.entries(values).every(([k, v]) => (v ?? null) === (line[k] ?? null) || String(v ?? '') === String(line[k] ?? ''));

/**
 * The whole ticket with its lines, as PUT ticket_with_related_update sends it, in one write: the
 * ticket's fields and each line sent with an id are edits merged by field from the version the client
 * saw (the ticket's `version`, a line's own); a line without an id is added, unless it is one this save
 * already added since that version (a client that PUTs the same object twice adds it once). A line
 * the body leaves out is kept (deleting is its own call), and a line someone deleted since is not made
 * again. Bad input anywhere is a 400 naming `<key>.<n>.<field>`, and nothing is written.
 */
export async function saveTicketWithRelated(ctx: ApiContext, actor: Actor, id: string, raw: unknown, base?: number) {
  const body = (raw ?? {}) as Record<string, unknown>;
  const current = await loadRecord<TicketState>(ctx, actor, 'ticket', id);
  const parts: (Command | Edit)[] = [await headerEdit(ctx, actor, current.state, body, base)];
  const bad: Record<string, string> = {};
  const adds: { def: CollectionDef; values: Record<string, unknown> }[] = [];
  for (const { key, collection: name } of TICKET_RELATED) {
    const sent = body[key];
    if (sent === undefined || sent === null) continue;
    if (!Array.isArray(sent)) {
      bad[key] = 'must be a list of lines';
      continue;
    }
    const def = collection(name);
    const held = current.state.lines[name] ?? {};
    sent.forEach((item, n) => {
      if (!item || typeof item !== 'object') {
        bad[`${key}.${n}`] = 'must be a line';
        return;
      }
      const line = item as Record<string, unknown>;
      let values: Record<string, unknown>;
      try {
        values = parseLineValues(def, stripClientOnly(line, def), true);
      } catch (e) {
        for (const [f, m] of Object.entries((e as DomainError).fields ?? { line: (e as Error).message })) bad[`${key}.${n}.${f}`] = String(m);
        return;
      }
      const lineId = given(line.id) ? String(line.id) : null;
      if (lineId) {
        // A line of another record, or one deleted since, is not this save's to make.
        if (!held[lineId]) return;
        const lineBase = typeof line.version === 'number' ? line.version : typeof line.version === 'string' && /^\d+$/.test(line.version) ? Number(line.version) : base;
        parts.push(lineEdit(def, lineId, values, lineBase));
      } else adds.push({ def, values });
    });
  }
  if (Object.keys(bad).length) throw badRequest(bad);
  // New lines: one already added since the client's version with the same values is the same line.
  const fresh = adds.filter(({ def, values }, i) => {
    if (base === undefined) return true;
    const twins = Object.values(current.state.lines[def.name] ?? {}).filter((l) => typeof l.version === 'number' && l.version > base && sameValues(l, values));
    const before = adds.slice(0, i).filter((a) => a.def === def && twins.some((t) => sameValues(t, a.values))).length;
    return twins.length <= before;
  });
  const ids = new Map<string, string[]>();
  for (const def of new Set(fresh.map((a) => a.def))) ids.set(def.name, await newLineIds(ctx, actor.accountId, def.name, 'ticket', id, fresh.filter((a) => a.def === def).length));
  for (const a of fresh) parts.push({ type: 'AddLine', collection: a.def.name, lineId: ids.get(a.def.name)!.shift()!, values: a.values });
  return executeCommand<TicketState>(ctx, actor, 'ticket', id, parts);
}

/** `do` of GET ticket_approvals: approve (the default) or un-approve (Edit Requested). */
export const APPROVAL_ACTIONS = { approve: 'ApproveTicket', '': 'ApproveTicket', true: 'ApproveTicket', t: 'ApproveTicket', unapprove: 'RequestTicketEdit', edit: 'RequestTicketEdit', false: 'RequestTicketEdit', f: 'RequestTicketEdit' } as const;

/** Approve (or un-approve) tickets one by one; each is its own write, a refused one does not stop the rest. */
export async function approveTickets(ctx: ApiContext, actor: Actor, ids: string[], action: 'ApproveTicket' | 'RequestTicketEdit') {
  const done: string[] = [];
  const failed: { id: string; message: string }[] = [];
  let position: string | null = null;
  for (const ticketId of ids) {
    try {
      const r = await executeCommand(ctx, actor, 'ticket', ticketId, action === 'ApproveTicket' ? { type: 'ApproveTicket', today: today(ctx) } : { type: 'RequestTicketEdit' });
      done.push(ticketId);
      // Each write comes after the one before: the last position covers them all.
      if (r.position) position = r.position;
    } catch (e) {
      if (!(e instanceof DomainError) && !(e instanceof HttpError)) throw e;
      failed.push({ id: ticketId, message: e.message });
    }
  }
  return { done, failed, position };
}

/** A production line's values with its CIBE line's (code, description, quantities, print, step, task) for those not sent. */
function withCibeLine(values: Record<string, unknown>, cibe: Line | undefined, tasks: Line[]): Record<string, unknown> {
  if (!cibe) return values;
  const task = tasks.find((t) => t.id === String(cibe.job_task ?? ''));
  const from: Record<string, unknown> = {
    issued_item_code: cibe.issued_item_code,
    issued_item_description: cibe.issued_item_description,
    issued_item_qty: cibe.issued_item_qty,
    issued_item_print: cibe.issued_item_print,
    issued_item_step: cibe.issued_item_step,
    issued_item_printstep: cibe.issued_item_printstep,
    issued_item_task_id: cibe.task_id ?? task?.task_id,
    CIBE_item_code: cibe.issued_item_code,
    CIBE_item_desc: cibe.issued_item_description,
    CIBE_item_qty: cibe.CIBE_item_qty,
  };
  return { ...values, ...Object.fromEntries(Object.entries(from).filter(([k, v]) => given(v) && !given(values[k]))) };
}

/**
 * Production lines (POST /api/tickets/{id}/productions/): one line, or a `ticket_productions` list,
 * each picked from the job's CIBE items (job_orca_cibe, which must be a CIBE line of the ticket's job;
 * its values fill the issued and CIBE fields not sent) or typed. Added in one write, in order.
 */
export async function addProductions(ctx: ApiContext, actor: Actor, id: string, raw: unknown) {
  const body = (raw ?? {}) as Record<string, unknown>;
  const list = Array.isArray(body.ticket_productions) ? (body.ticket_productions as unknown[]) : Array.isArray(raw) ? (raw as unknown[]) : [body];
  const key = Array.isArray(body.ticket_productions) ? 'ticket_productions' : null;
  const where = (n: number, f: string) => (key ? `${key}.${n}.${f}` : f);
  if (!list.length) throw badRequest({ ticket_productions: 'must hold at least one line' });
  const ticket = await loadRecord<TicketState>(ctx, actor, 'ticket', id);
  const jobId = ticket.state.fields.job ? String(ticket.state.fields.job) : null;
  const bad: Record<string, string> = {};
  const parsed = list.map((item, n) => {
    try {
      return parseLineValues(productions, stripClientOnly(item, productions), true);
    } catch (e) {
      for (const [f, m] of Object.entries((e as DomainError).fields ?? {})) bad[where(n, f)] = String(m);
      return {};
    }
  });
  if (Object.keys(bad).length) throw badRequest(bad);
  let job: JobState | null = null;
  if (parsed.some((v) => given(v.job_orca_cibe))) {
    if (!jobId) throw badRequest({ [where(parsed.findIndex((v) => given(v.job_orca_cibe)), 'job_orca_cibe')]: 'the ticket is for no job: assign it to a job first' });
    job = (await loadRecord<JobState>(ctx, actor, 'job', jobId)).state;
  }
  const values = parsed.map((v, n) => {
    if (!given(v.job_orca_cibe)) return v;
    const cibe = job!.lines.job_cibe_items?.[String(v.job_orca_cibe)];
    if (!cibe) bad[where(n, 'job_orca_cibe')] = "must be a CIBE line of the ticket's job";
    return withCibeLine(v, cibe, linesOf(job!.lines, 'job_tasks'));
  });
  if (Object.keys(bad).length) throw badRequest(bad);
  const lineIds = await newLineIds(ctx, actor.accountId, productions.name, 'ticket', id, values.length);
  const r = await executeCommand<TicketState>(ctx, actor, 'ticket', id, values.map((v, n) => ({ type: 'AddLine', collection: productions.name, lineId: lineIds[n], values: v })));
  return { ...r, lineIds, many: key !== null || Array.isArray(raw) };
}

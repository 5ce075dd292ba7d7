/** The sales organisation as clients see it (detail, list rows, live updates): one shape. */
import { linesOfCollection, type LinesState } from '../shared/collections.ts';
import { SALES_FIELD_NAMES } from './commands.ts';
import type { SalesOrganizationState } from './organization.ts';
import { salesActivities, salesContacts, salesEmails, salesMeetings, salesPhonecalls } from './collections.ts';
import { contactName, salesColourBackground } from './rules.ts';

const latestOf = (dates: unknown[]) => (dates.filter((d): d is string => typeof d === 'string' && d !== '').sort().at(-1) ?? null);

export function salesOrganizationView(state: SalesOrganizationState) {
  const f = state.fields as Record<string, unknown>;
  const fields = Object.fromEntries(SALES_FIELD_NAMES.map((k) => [k, f[k] ?? null]));
  const contacts = linesOfCollection(state.lines, salesContacts);
  const activities = linesOfCollection(state.lines, salesActivities);
  const calls = linesOfCollection(state.lines, salesPhonecalls);
  const meetings = linesOfCollection(state.lines, salesMeetings);
  const emails = linesOfCollection(state.lines, salesEmails);
  return {
    id: state.id!,
    ...fields,
    // The spec's name of org_type (spec 3 section 3), answered beside it.
    type: fields.org_type,
    colour_background: salesColourBackground(fields.colour),
    created_at: state.created_at,
    last_updated: state.last_updated,
    last_updated_by: state.last_updated_by ?? null,
    contact_count: contacts.length,
    primary_contact: contacts[0] ? contactName(contacts[0]) : null,
    primary_phone: (contacts[0]?.phone_1 as string | null) ?? (fields.phone as string | null) ?? null,
    call_count: calls.length,
    meeting_count: meetings.length,
    email_count: emails.length,
    activity_hours: Math.round(activities.reduce((s, a) => s + (Number(a.hours) || 0), 0) * 100) / 100,
    last_contacted: latestOf([...calls.map((c) => c.call_date), ...meetings.map((m) => m.meeting_date), ...emails.map((e) => e.email_date)]),
  };
}

/** A contact line shows its name (first and last when it has none of its own). */
export function salesLinesAsShown(lines: LinesState): LinesState {
  const contacts = Object.values(lines.sales_contacts ?? {});
  if (!contacts.length) return lines;
  return { ...lines, sales_contacts: Object.fromEntries(contacts.map((c) => [c.id, { ...c, display_name: contactName(c) }])) };
}

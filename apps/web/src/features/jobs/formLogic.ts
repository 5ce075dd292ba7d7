/**
 * The job form's pure logic: the shared record-form logic over the job's fields, what a save sends,
 * the coordinator look-up by code and the user picker (matched by last name).
 */
import { JOB_FIELD_NAMES } from '@trenchline/domain';
import { blankAsNull, defineFormLogic, sameValueOrAmount, type Values } from '../../components/record/formLogic';
import type { JobValues } from './api/getJob';

// Amounts typed as text are the same as the numbers the server keeps.
export const jobFormLogic = defineFormLogic<JobValues>(JOB_FIELD_NAMES, sameValueOrAmount);

const MONEY = ['estimated_crew_payout', 'estimated_payout'] as const;

/** What a save sends: every field, blank text as null, amounts as numbers to the cent. */
export function toPayload(draft: JobValues): JobValues {
  const out: Values = blankAsNull(draft);
  for (const k of MONEY) {
    const v = out[k];
    if (v === null || v === undefined) continue;
    const n = Number(String(v).replace(/[$,]/g, ''));
    out[k] = Number.isFinite(n) ? Math.round(n * 100) / 100 : v;
  }
  out.archived = Boolean(out.archived);
  return out as JobValues;
}

/** A row of Settings > SVA coordinators (its coordinator_code, coordinator, coord_phone1/2, coordinator_email). */
export type Coordinator = Record<string, unknown>;

export const COORDINATOR_FIELDS = ['coordinator', 'coord_phone1', 'coord_phone2', 'coordinator_email'] as const;

const key = (v: unknown) => String(v ?? '').trim().toLowerCase();

/**
 * Spec 2 section 5: choosing a coordinator code fills the coordinator, phones and email from
 * Settings > SVA coordinators, only when a code is present. null: nothing to fill (no code, or a
 * code not in Settings yet: saving the job adds it, with the name the user typed).
 */
export function coordinatorFill(code: unknown, coordinators: readonly Coordinator[]): Record<(typeof COORDINATOR_FIELDS)[number], string | null> | null {
  if (!key(code)) return null;
  const found = coordinators.find((c) => key(c.coordinator_code) === key(code));
  if (!found) return null;
  return {
    coordinator: (found.coordinator as string | null | undefined) ?? null,
    coord_phone1: (found.coord_phone1 as string | null | undefined) ?? null,
    coord_phone2: (found.coord_phone2 as string | null | undefined) ?? null,
    coordinator_email: (found.coordinator_email as string | null | undefined) ?? null,
  };
}

export interface PickableUser {
  email: string;
  display_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** A user's last name: their own, else the last word of their display name. */
export const lastNameOf = (u: PickableUser) => (u.last_name?.trim() || (u.display_name ?? '').trim().split(/\s+/).pop() || u.email).trim();

/**
 * The assign-user picker (spec 2 section 3: matched by last name, assigned by email): users not yet
 * assigned, by last name, shown 'Last, First' with their email; the value sent is the email.
 */
export function userOptions(users: readonly PickableUser[], assignedEmails: readonly string[]): { value: string; label: string }[] {
  const taken = new Set(assignedEmails.map(key));
  return users
    .filter((u) => !taken.has(key(u.email)))
    .map((u) => {
      const last = lastNameOf(u);
      const first = u.first_name?.trim() || (u.display_name ?? '').trim().split(/\s+/).slice(0, -1).join(' ');
      return { value: u.email, label: `${last}${first ? `, ${first}` : ''} (${u.email})`, last };
    })
    .sort((a, b) => a.last.localeCompare(b.last) || a.label.localeCompare(b.label))
    .map(({ value, label }) => ({ value, label }));
}

/** The picker's filter: a user matches when their label starts with what was typed (the last name comes first). */
export const matchesLastName = (label: string, search: string) => label.toLowerCase().startsWith(search.trim().toLowerCase());

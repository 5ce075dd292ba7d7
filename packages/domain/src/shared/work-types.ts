/**
 * Production work types (spec 3 section 4): offered on a job's segments and productions, a ticket's
 * production lines and an RFQ's segments, and the form each fills. Shared by jobs, tickets and RFQs.
 */

/**
 * Production work types by the form a production of that type fills (spec 3 section 4). A work type is
 * free text offered with this list: any other non-empty value fills the from_to form.
 */
export const WORK_TYPES_BY_FORM = {
  from_to: ['Dirt-Plow', 'Dirt-Trench', 'Dirt-Bore', 'Rock-Trench/Saw', 'Rock-Bore', 'Aerial Strand & Lash', 'Existing Duct', 'Duct Install', 'Site Work', 'Re-work'],
  handhole: ['Handhole'],
  single_point: ['Coupler Install', 'Pipe Stubbed', 'Splice'],
  other: ['Other'],
} as const;
export type ProductionFormType = keyof typeof WORK_TYPES_BY_FORM;
export const PRODUCTION_FORM_TYPES = Object.keys(WORK_TYPES_BY_FORM) as ProductionFormType[];
/** The base work types offered on productions and segments, in the spec's order. */
export const PRODUCTION_WORK_TYPES = Object.values(WORK_TYPES_BY_FORM).flat();
export const WORK_TYPE_MAX_LENGTH = 100;

const workTypeKey = (v: string) => v.trim().replace(/\s+/g, ' ').toLowerCase();
const FORM_OF_WORK_TYPE = new Map(PRODUCTION_FORM_TYPES.flatMap((form) => WORK_TYPES_BY_FORM[form].map((t) => [workTypeKey(t), form] as const)));

/**
 * A production's form_type from its work type (spec 3 section 4), matched trimmed and case-blind: a
 * listed type gives its form, any other non-empty type from_to, no type no form (null).
 */
export function formTypeOfWorkType(workType: unknown): ProductionFormType | null {
  if (typeof workType !== 'string' || !workType.trim()) return null;
  return FORM_OF_WORK_TYPE.get(workTypeKey(workType)) ?? 'from_to';
}

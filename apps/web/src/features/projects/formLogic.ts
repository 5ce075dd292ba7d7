/**
 * The project form's pure logic: the shared record-form logic over the project's fields (see
 * components/record/formLogic.ts), what a save sends, and the scroll-to-section bar.
 */
import { PROJECT_FIELD_NAMES } from '@trenchline/domain';
import { defineFormLogic, sameValueOrAmount, type Values } from '../../components/record/formLogic';
import type { ProjectValues } from './api/types';

// A PO amount typed as text is the same as the number the server keeps.
export const projectFormLogic = defineFormLogic<ProjectValues>(PROJECT_FIELD_NAMES, sameValueOrAmount);
export const { valuesOf, changedFields, rebase } = projectFormLogic;

/** What a save sends: every field, with blank text as null and money rounded to cents. */
export function toPayload(draft: ProjectValues): ProjectValues {
  const out: Values = { ...draft };
  for (const [k, v] of Object.entries(out)) if (v === '') out[k] = null;
  if (out.po_amount !== null && out.po_amount !== undefined) {
    const n = Number(out.po_amount);
    out.po_amount = Number.isFinite(n) ? Math.round(n * 100) / 100 : out.po_amount;
  }
  out.archived = Boolean(out.archived);
  return out as ProjectValues;
}

// The scroll-to-section bar's offset and arithmetic are shared by every detail page.
export { SCROLL_OFFSET, scrollTopFor } from '../../lib/scroll';

/** The RFQ as clients see it (detail, list rows, live updates, the report): one shape, one rule for every total. */
import { linesOfCollection, type Line, type LinesState } from '../shared/collections.ts';
import { pdfBundleOf } from '../shared/files.ts';
import { latestNote } from '../projects/rules.ts';
import { RFQ_FIELD_NAMES } from './commands.ts';
import type { RfqState } from './rfq.ts';
import { rfqEstimates, rfqFiles, rfqNotes, rfqSegments } from './collections.ts';
import { rfqDaysLeft, rfqFigures, segmentFigures } from './rules.ts';

/** The RFQ's segments, each with its estimates (in the order added). */
export function segmentsWithEstimates(lines: LinesState) {
  const estimates = linesOfCollection(lines, rfqEstimates);
  return linesOfCollection(lines, rfqSegments).map((segment) => ({ segment, estimates: estimates.filter((e) => String(e.segment) === segment.id) }));
}

export function rfqView(state: RfqState, today: string) {
  const f = state.fields as Record<string, unknown>;
  const fields = Object.fromEntries(RFQ_FIELD_NAMES.map((k) => [k, f[k] ?? null]));
  const bundle = pdfBundleOf(linesOfCollection(state.lines, rfqFiles));
  const segments = segmentsWithEstimates(state.lines);
  return withRfqDays(
    {
      id: state.id!,
      ...fields,
      account_rfq_number: f.account_rfq_number ?? null,
      job_ref: f.job_ref ?? null,
      created_at: state.created_at,
      last_updated: state.last_updated,
      last_updated_by: state.last_updated_by ?? null,
      pdf_bundle: bundle ? { id: bundle.id, file: bundle.file, file_name: bundle.file_name } : null,
      segment_count: segments.length,
      ...rfqFigures(segments),
      latest_note: latestNote(linesOfCollection(state.lines, rfqNotes)),
    },
    today,
  );
}

/** The fields that depend on today's date, refreshed whenever a stored row is shown. */
export function withRfqDays<T extends Record<string, unknown>>(view: T, today: string) {
  return { ...view, ...rfqDaysLeft(view.bid_due_date as string | null, today) };
}

/** The RFQ's lines as clients see them: each segment with its figures and its estimates. */
export function rfqLinesAsShown(lines: LinesState): LinesState {
  const out: LinesState = { ...lines };
  const segments = Object.values(lines.rfq_segments ?? {});
  if (!segments.length) return out;
  const estimates = Object.values(lines.rfq_estimates ?? {});
  const of = (id: string): Line[] => estimates.filter((e) => String(e.segment) === id).sort((a, b) => a.id.length - b.id.length || (a.id < b.id ? -1 : 1));
  out.rfq_segments = Object.fromEntries(segments.map((s) => [s.id, { ...s, ...segmentFigures(of(s.id)), estimates: of(s.id).map((e) => ({ ...e, ...rfqEstimates.computed!(e) })) }]));
  return out;
}

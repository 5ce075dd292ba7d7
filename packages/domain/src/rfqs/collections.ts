/**
 * The RFQ's child collections (spec 3 sections 3 and 7): segments, each segment's estimates (lines of
 * a segment line), notes and the PDF bundle. A segment's and estimate's figures are computed (rules.ts).
 */
import { z } from 'zod';
import { choice, decimal, id, quantity, text, unitPrice } from '../shared/fields.ts';
import { recordLines } from '../shared/record-lines.ts';
import { PRODUCTION_WORK_TYPES, WORK_TYPE_MAX_LENGTH } from '../shared/work-types.ts';
import { DEFAULT_MARGIN_ASSUMPTION, ESTIMATE_TYPES, estimateFigures, MARGIN_BELOW, RFQ_UOMS } from './rules.ts';

const rfq = recordLines({ aggregate: 'rfq', base: '/rfqs' });

/** A segment of the work: its number, work type, feet and the days it needs; its totals come from its estimates (view.ts). */
export const rfqSegments = rfq.lines('segments', {
  name: 'rfq_segments',
  entity: 'RfqSegment',
  noun: 'Segment',
  schema: z.object({ number: text(50), work_type: text(WORK_TYPE_MAX_LENGTH), feet: quantity(), days_required: quantity(), description: text(2000) }),
  fields: [
    { name: 'number', label: 'Segment', kind: 'text', width: 80 },
    { name: 'work_type', label: 'Work type', kind: 'text', choices: PRODUCTION_WORK_TYPES, width: 140 },
    { name: 'feet', label: 'Feet', kind: 'number', unit: 'ft' },
    { name: 'days_required', label: 'Days', kind: 'number' },
    { name: 'description', label: 'Description', kind: 'text', width: 220 },
    { name: 'estimate_total_cost', label: 'Cost', kind: 'money', readOnly: true },
    { name: 'estimate_total_price', label: 'Price', kind: 'money', readOnly: true },
    { name: 'estimate_calculated_margin', label: 'Margin %', kind: 'percent', readOnly: true },
  ],
});

/** A margin assumption: 0 up to (not including) 100 percent. */
const margin = () => decimal({ min: 0, max: 1000, decimals: 4 }).refine((v) => v === undefined || v === null || v < MARGIN_BELOW, `must be below ${MARGIN_BELOW}`);

/** An estimate line of a segment: type, qty, uom, price and the margin assumed (30 unless sent); its cost and price are computed. */
export const rfqEstimates = rfq.linesOfLine('segments', 'estimates', { collection: 'rfq_segments', field: 'segment', noun: 'segment' }, {
  name: 'rfq_estimates',
  entity: 'RfqEstimate',
  noun: 'Estimate',
  schema: z.object({
    segment: id(),
    number: text(50),
    work_type: choice(ESTIMATE_TYPES),
    description: text(2000),
    qty: quantity(),
    uom: text(50),
    price: unitPrice(),
    estimate_margin_assumption: margin(),
  }),
  defaults: { estimate_margin_assumption: DEFAULT_MARGIN_ASSUMPTION, work_type: 'Labor' },
  computed: (line) => estimateFigures(line),
  fields: [
    { name: 'number', label: '#', kind: 'text', width: 50 },
    { name: 'work_type', label: 'Type', kind: 'choice', choices: ESTIMATE_TYPES, width: 120 },
    { name: 'description', label: 'Description', kind: 'text', width: 220 },
    { name: 'qty', label: 'Qty', kind: 'number' },
    { name: 'uom', label: 'UOM', kind: 'text', choices: RFQ_UOMS, width: 80 },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'estimate_margin_assumption', label: 'Margin %', kind: 'percent' },
    { name: 'total_cost', label: 'Cost', kind: 'money', readOnly: true },
    { name: 'total_price', label: 'Total price', kind: 'money', readOnly: true },
  ],
});

export const rfqNotes = rfq.notes('notes', { name: 'rfq_notes', entity: 'RfqNote' });

/** The RFQ's PDF bundle (one kept, as a bid's). */
export const rfqFiles = rfq.files('pdf_bundles', { name: 'rfq_files', entity: 'RfqFile' });

export const rfqCollections = [rfqSegments, rfqEstimates, rfqNotes, rfqFiles];

/**
 * What a list declares for bulk actions over it (docs/bulk.md): each area declares its own lists'
 * (`Area.bulk`), and the registry composes them, filling the commands from the record's decider.
 */
export const BULK_ACTIONS = ['archive', 'delete', 'zip', 'report', 'import', 'reup'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/** The actions over a list's selection (POST /api/bulk/); an import comes with its file instead (the ORCA CSV import). */
export const SELECTION_ACTIONS = BULK_ACTIONS.filter((a) => a !== 'import');

/** A list's bulk declaration, as an area writes it. */
export interface BulkListDecl {
  /** The records' aggregate. */
  aggregate: string;
  /** What the single archive sends (PUT {archived: true}) and what DELETE sends; default: the record's revise and delete commands. */
  archive?: { type: string; values: { archived: true } };
  remove?: { type: string };
  /**
   * The catalogue's reports a bulk `report` on the list builds, by the name the request gives
   * (`bulkReportOf`): the ORCA dashboard's `management` is the ORCA management report, the job list's
   * the job management report. None: a bulk report on it is a 400 naming `report`. Named by the
   * catalogue's name (registry.test.ts checks each is a report), so bulk reaches into no area.
   */
  reports?: Readonly<Record<string, string>>;
  /** The zip's name prefix ('Job PDF Bundles 11-22-2026.zip'). */
  zipPrefix: string;
  /** A bundle's name inside the zip starts with this. */
  entryPrefix(view: Record<string, unknown>): string;
  /** The actions it takes (default all but a re-up, which only locates take). */
  actions?: readonly BulkAction[];
  /**
   * The rows are lines of a record (the billing dashboard's invoices): each is removed from its record,
   * named by the list table's `parentColumn`, with the line command the single DELETE sends.
   */
  line?: { collection: string; parentColumn: string; noun: string };
  /** What a zip holds: the records' PDF bundles (default), or their photos (tickets: '{number} Photos {date}'). */
  zipOf?: 'bundles' | 'photos';
}

/** A list's bulk declaration as the registry composed it: the commands filled from the record's decider. */
export type BulkList = BulkListDecl & Required<Pick<BulkListDecl, 'archive' | 'remove' | 'reports'>>;

/** Whether a list takes an action. */
export const bulkListTakes = (list: BulkList, action: BulkAction) => (list.actions ? list.actions.includes(action) : action !== 'reup');


const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A zip entry named by one field of the record, else '<noun> <id>' ('RFQ 12'). */
export const bulkEntryNamed = (field: string, noun: string) => (v: Record<string, unknown>) => text(v[field]) || `${noun} ${String(v.id)}`;

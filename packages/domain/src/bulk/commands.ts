/** Bulk operation commands: the api asks for one; the worker records how it ended. */
import type { BulkAction, BulkListName } from './rules.ts';

/** What the user chose: explicit ids, or every row matching an explicit list filter except some. */
export type BulkSelection = { ids: string[] } | { filter: Record<string, unknown>; except: string[] };

/** A file the operation made: a zip in the blob store, or a report's file. */
export interface BulkFile {
  url: string;
  file_name: string;
  sha256?: string;
  size?: number;
  report_id?: string;
}

export type BulkOperationCommand =
  | { type: 'RequestBulkOperation'; operationId: string; list: BulkListName; action: BulkAction; report: string | null; format: string | null; selection: BulkSelection }
  | { type: 'RecordBulkOperationFinished'; total: number; done: number; failed: number; file: BulkFile | null }
  | { type: 'RecordBulkOperationFailed'; message: string };

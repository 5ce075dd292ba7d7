/** Bulk operation commands: the api asks for one; the worker records how it ended. */
import type { BulkAction, BulkListName } from './rules.ts';

/** A file in the blob store that an import reads (the upload, kept as files are). */
export interface BulkImportFile {
  sha256: string;
  size: number;
  file_name: string;
  /** The encoding the api read the file in (detected or chosen); absent on imports asked for before it was kept: UTF-8. */
  encoding?: 'utf-8' | 'windows-1252';
}

/** What the user chose: explicit ids, every row matching an explicit list filter except some, or (an import) a file. */
export type BulkSelection = { ids: string[] } | { filter: Record<string, unknown>; except: string[] } | { file: BulkImportFile };

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
  | { type: 'RecordBulkOperationFinished'; total: number; done: number; failed: number; file: BulkFile | null; message?: string | null }
  | { type: 'RecordBulkOperationFailed'; message: string }
  | { type: 'CancelBulkOperation' };

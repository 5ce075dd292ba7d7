/** Bulk operation events, past tense. Per-record progress lives in a table (one event per record is the record's own). */
import type { DomainEvent } from '../shared/decider.ts';
import type { BulkAction, BulkListName } from './rules.ts';
import type { BulkFile, BulkSelection } from './commands.ts';

export type BulkOperationRequested = DomainEvent<'BulkOperationRequested', { id: string; list: BulkListName; action: BulkAction; report: string | null; format: string | null; selection: BulkSelection }>;
export type BulkOperationFinished = DomainEvent<'BulkOperationFinished', { total: number; done: number; failed: number; file: BulkFile | null; message?: string | null }>;
export type BulkOperationFailed = DomainEvent<'BulkOperationFailed', { message: string }>;

/** Its requester (or a colleague) stopped it: the worker stops at the next record; records done stay done. */
export type BulkOperationCancelled = DomainEvent<'BulkOperationCancelled', Record<string, never>>;

export type BulkOperationEvent = BulkOperationRequested | BulkOperationFinished | BulkOperationFailed | BulkOperationCancelled;

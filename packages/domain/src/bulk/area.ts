/** What the bulk area declares: the bulk operation record (no list read model: its progress table is the worker's). */
import { sameRow, type AggregateDef, type Area } from '../shared/aggregates.ts';
import { bulkOperationDecider, type BulkOperationState } from './bulk-operation.ts';
import { bulkOperationView } from './view.ts';

export const bulkOperationAggregate = { name: 'bulk_operation', label: 'Bulk operation', decider: bulkOperationDecider, view: (s) => bulkOperationView(s), listRow: sameRow } satisfies AggregateDef<BulkOperationState>;

export const bulkArea: Area = { aggregates: [bulkOperationAggregate], collections: [] };

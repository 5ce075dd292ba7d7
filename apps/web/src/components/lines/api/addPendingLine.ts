import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { addLine } from './addLine';

/** A blank line not yet answered by the server: shown at once, replaced by the server's line. */
export const PENDING_PREFIX = 'pending-';
export const isPending = (line: Line) => line.id.startsWith(PENDING_PREFIX);

type Detail = Record<string, unknown>;

const withLines = (d: Detail | undefined, detailKey: string, f: (lines: Line[]) => Line[]) =>
  d ? { ...d, [detailKey]: f((d[detailKey] as Line[] | undefined) ?? []) } : d;

/**
 * Add a line the way spec 1 shows it: a blank row appears at once in the record's cached detail
 * (under `detailKey`, with `values`, so a line of a line shows under its parent), the server's line
 * takes its place, and a failure takes it away. `values` are also the POST's body.
 */
export function useAddPendingLine(def: CollectionDef, parentId: string, recordKey: QueryKey, detailKey: string, values: Record<string, unknown> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (extra?: Record<string, unknown>) => addLine(def, parentId, { ...values, ...extra }),
    onMutate: async () => {
      await qc.cancelQueries({ queryKey: recordKey, exact: true });
      const pending: Line = { ...values, id: `${PENDING_PREFIX}${Date.now()}` };
      qc.setQueryData<Detail>(recordKey, (d) => withLines(d, detailKey, (lines) => [...lines, pending]));
      return { pendingId: pending.id };
    },
    onSuccess: (line, _v, ctx) => {
      // The answer's version is the line's own (its edits are saved from it); the position is the write's.
      const { position: _position, ...saved } = line;
      qc.setQueryData<Detail>(recordKey, (d) => withLines(d, detailKey, (lines) => lines.map((l) => (l.id === ctx?.pendingId ? saved : l))));
    },
    onError: (_e, _v, ctx) => {
      qc.setQueryData<Detail>(recordKey, (d) => withLines(d, detailKey, (lines) => lines.filter((l) => l.id !== ctx?.pendingId)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: recordKey }),
  });
}

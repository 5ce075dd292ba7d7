/**
 * A line's add, save and delete as commands (lib/offline): sent at once online, kept in the outbox
 * offline and shown at once in the record's cached detail, whichever record holds the lines.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CollectionDef, Line } from '@trenchline/domain';
import { joinWords } from '../../record/conflictLogic';
import { newIdempotencyKey } from '../../../lib/http';
import { tempId, type Command } from '../../../lib/offline/outboxLogic';
import { queuedWrite } from '../../../lib/offline/queuedWrite';
import { lineIn, patchedLine, withoutLine } from './place';
import type { LineAnswer } from './types';
import { lineUrl, linesUrl } from './urls';

type Detail = Record<string, unknown>;

const labelsOf = (def: CollectionDef, values: Record<string, unknown>) => joinWords(Object.keys(values).map((k) => def.fields.find((f) => f.name === k)?.label ?? k));

/** Add: offline the line shows under a temporary id, which later edits of it name until the sync learns the real one. */
export function addLineWrite(qc: QueryClient, def: CollectionDef, parentId: string, body: Record<string, unknown>) {
  const id = tempId(newIdempotencyKey());
  const command: Command = { method: 'POST', url: linesUrl(def, parentId), body, label: `${def.noun} added`, makes: [id], noun: def.noun.toLowerCase() };
  return queuedWrite<LineAnswer>(qc, command, () => ({ ...body, id }) as LineAnswer);
}

/** Save: offline the fields are laid over the line where the record's detail holds it. */
export function saveLineWrite(qc: QueryClient, def: CollectionDef, recordKey: QueryKey, id: string, values: Record<string, unknown>, version: number | undefined) {
  const command: Command = { method: 'PUT', url: lineUrl(def, id), body: values, ifMatch: version ?? null, label: `${def.noun}: saved ${labelsOf(def, values)}`, noun: def.noun.toLowerCase() };
  return queuedWrite<LineAnswer>(qc, command, () => {
    const detail = qc.getQueryData<Detail>(recordKey);
    if (detail) qc.setQueryData(recordKey, patchedLine(detail, id, values));
    return { ...(detail && lineIn(detail, id)), ...values, id } as Line as LineAnswer;
  });
}

/** Delete: offline the line leaves the record's detail at once. */
export function deleteLineWrite(qc: QueryClient, def: CollectionDef, recordKey: QueryKey, id: string) {
  const command: Command = { method: 'DELETE', url: lineUrl(def, id), label: `${def.noun} deleted`, noun: def.noun.toLowerCase() };
  return queuedWrite<unknown>(qc, command, () => {
    const detail = qc.getQueryData<Detail>(recordKey);
    if (detail) qc.setQueryData(recordKey, withoutLine(detail, id));
    return { id };
  });
}

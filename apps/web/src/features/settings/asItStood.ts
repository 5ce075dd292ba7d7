/**
 * What the settings history shows of a record as it stood at an entry's time (GET <record>?as_of=):
 * its fields as label/value text and its lines as read-only tables. Pure, so it is unit tested.
 */
import { collectionsOf, svaCodes, type CatalogRecordDef, type CollectionDef, type Line } from '@trenchline/domain';
import { cellAsOf, NOTHING, type StoodField, type StoodLines } from '../../components/record/asItStoodLogic';
import { showDateTime } from '../../lib/dates';
import type { AccountSettings, CatalogRow, Counter, SvaCode, SvaRateSheetDetail } from './api/types';
import { showMoney } from '../../lib/numbers';

export type { StoodField, StoodLines };


/** The route segment a record's answer names a collection by: '/settings/jobs/sva_codes/' -> 'sva_codes'. */
export const segmentOf = (c: Pick<CollectionDef, 'routes'>) => c.routes.list.split('/').filter(Boolean).pop() ?? '';

const plural = (noun: string) => `${noun[0].toUpperCase()}${noun.slice(1)}s`;

/** A catalog record's declared fields, in the order its table shows them. */
export const catalogFieldsAsOf = (def: CatalogRecordDef, record: CatalogRow): StoodField[] =>
  def.fields.map((f) => ({ name: f.name, label: f.label, value: cellAsOf(f, record[f.name]) }));

/** A catalog record's lines (a product's raw materials), each collection under its route segment. */
export const catalogLinesAsOf = (def: CatalogRecordDef, record: CatalogRow): StoodLines[] =>
  collectionsOf(def.aggregate).map((c) => {
    const rows = record[segmentOf(c)];
    return { title: plural(c.noun), fields: c.fields, rows: Array.isArray(rows) ? (rows as Line[]) : [] };
  });

/** The account's files, subscriptions (quantity per item), monthly total and cancellation. */
export function accountFieldsAsOf(account: AccountSettings): StoodField[] {
  return [
    { name: 'background_picture', label: 'Background picture', value: account.background_picture?.file_name || NOTHING },
    { name: 'training_video', label: 'Training video', value: account.training_video?.file_name || NOTHING },
    ...(account.items ?? []).map((i) => ({ name: `subscription_${i.code}`, label: i.name, value: String(i.quantity ?? 0) })),
    { name: 'monthly_total', label: 'Monthly total', value: showMoney(account.monthly_total ?? 0) },
    { name: 'cancelled_at', label: 'Cancelled', value: account.cancelled_at ? showDateTime(account.cancelled_at) : 'No' },
  ];
}

/** A counter's number then: the last one handed out or set, and the highest ever handed out. */
export function counterFieldsAsOf(counter: Counter): StoodField[] {
  return [
    { name: 'number', label: `${counter.label} number`, value: String(counter.number) },
    { name: 'highest_issued', label: 'Highest handed out', value: String(counter.highest_issued) },
  ];
}

/** The sheet's codes, whether the answer names them `codes` or by their route segment. */
export function codesOf(sheet: SvaRateSheetDetail): SvaCode[] {
  const codes = sheet.codes ?? (sheet as unknown as Record<string, unknown>)[segmentOf(svaCodes)];
  return Array.isArray(codes) ? (codes as SvaCode[]) : [];
}

/** How many codes the sheet had and its last import, in words. */
export function sheetFieldsAsOf(sheet: SvaRateSheetDetail): StoodField[] {
  const last = sheet.last_import;
  return [
    { name: 'code_count', label: 'SVA codes', value: String(sheet.code_count ?? codesOf(sheet).length) },
    {
      name: 'last_import',
      label: 'Last import',
      value: last
        ? `${last.file_name ?? 'a file'} by ${last.by} on ${showDateTime(last.at)} (${last.added} added, ${last.updated} updated, ${last.unchanged} unchanged)`
        : NOTHING,
    },
  ];
}

export const sheetLinesAsOf = (sheet: SvaRateSheetDetail): StoodLines[] => [{ title: 'SVA codes', fields: svaCodes.fields, rows: codesOf(sheet) as unknown as Line[] }];

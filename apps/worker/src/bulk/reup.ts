/**
 * The bulk re-up of locates (the locate list and the expiring view): each stored record gets the
 * command the single re-up sends, `ReUpLocate` with no values given (the rules fill the dates; the
 * ticket number stays), today's date and the account's locate rules, appended with the side write
 * marking the record done, so a resumed worker never re-ups a locate twice. Like the api's re-up it
 * replaces the ticket it read (`base`), its line ids handed out after that read. A locate the command
 * refuses (deleted, another account's, re-upped by someone between that read and the append) is
 * failed with its message; the rest go on.
 */
import { DomainError, locateRulesOf, type LocateRules, type LocateSettingsState } from '@trenchline/domain';
import { streamName } from '@trenchline/event-store';
import type { Writer } from '@trenchline/platform';
import type { WorkerContext } from '../context.ts';
import { accountRecordState, loadStream } from '../records.ts';
import type { BulkProgressReporter } from './progress.ts';
import { forEachPending, settleRecord } from './records.ts';
import type { Turn } from './turn.ts';

/** The account's locate rules (Settings > Locates), or the spec's defaults when it never opened them. */
export async function accountLocateRules(ctx: WorkerContext, accountId: string): Promise<LocateRules> {
  return locateRulesOf((await accountRecordState(ctx, accountId, 'locate_settings')) as LocateSettingsState | null);
}

export async function reUpRecords(ctx: WorkerContext, o: { operationId: string; as: Writer; today: string; progress: BulkProgressReporter; turn?: Turn }) {
  const rules = await accountLocateRules(ctx, o.as.accountId);
  await forEachPending(ctx, o.operationId, (r) =>
    settleRecord(ctx, o, r.position, async (markDone) => {
      const id = String(r.record_id);
      // Line ids are handed out in the locate's stream, so only for a locate of this account.
      const ours = await ctx.db('record_index').where({ id, account_id: o.as.accountId, kind: 'locate' }).first('id');
      if (!ours) throw new DomainError('not_found', 'Locate not found');
      // The ticket it replaces: the locate as read now, before its line ids are handed out (as the api's
      // re-up): a re-up landing meanwhile (a user's, from the detail) makes this one a refusal, failed
      // with its message, never a second re-up on top of a ticket this one did not see.
      const { version: base } = await loadStream(ctx, 'locate', id);
      // Two ids: the original ticket's history line and the re-up's (an unused one is never spent again).
      const lineIds = (await ctx.newLineIds(o.as.accountId, 'locate_numbers', streamName('locate', id), 2)) as [string, string];
      await ctx.commands.execute(o.as, 'locate', id, { type: 'ReUpLocate', values: {}, base, lineIds, today: o.today, rules }, { sideWrites: markDone });
    }),
  );
}

/**
 * Test data made by commands, not by a call per line: many lines of one record in one write (the
 * command handler's list of commands, one append), as the user whose session answered /api/auth/me.
 * A browser test that needs 150 CIBE lines on a page makes them so, in well under a second on a busy
 * machine, where 150 HTTP calls could take half a minute.
 */
import { collection as collectionDef, parseLineValues } from '@trenchline/domain';
import type { Actor } from '@trenchline/api/platform/context.ts';
import { newLineIds } from '@trenchline/api/platform/ids.ts';
import { executeCommand } from '@trenchline/api/platform/records.ts';
import type { TestApp } from './app.ts';

/** The acting user as /api/auth/me answers it (`user`). */
export type MeUser = { id: string; email: string; display_name: string; account_id: string; account_name: string; role?: Actor['role'] };

export const actorOf = (u: MeUser): Actor => ({ userId: String(u.id), email: u.email, userName: u.display_name, accountId: String(u.account_id), accountName: u.account_name, role: u.role ?? 'admin' });

/** Adds `lines` to the record's collection in one write, each value read as its POST reads it; the new lines' ids. */
export async function addLines(app: TestApp, user: MeUser, o: { collection: string; recordId: string; lines: Record<string, unknown>[] }): Promise<string[]> {
  const def = collectionDef(o.collection);
  const actor = actorOf(user);
  const ids = await newLineIds(app.api.ctx, actor.accountId, def.name, def.aggregate, o.recordId, o.lines.length);
  await executeCommand(
    app.api.ctx,
    actor,
    def.aggregate,
    o.recordId,
    o.lines.map((values, i) => ({ type: 'AddLine', collection: def.name, lineId: ids[i], values: parseLineValues(def, values, true) })),
  );
  return ids;
}

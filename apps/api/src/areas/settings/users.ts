/**
 * Account users and the account itself. The users and accounts tables are what logins check; each
 * change also appends its audit event to the account's settings record, in the same transaction.
 */
import { z } from 'zod';
import type pg from 'pg';
import { DEFAULT_ROLE, ROLES, firstNameOf, lastNameOf, type AccountSettingsState, type Role } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { HttpError, badRequest, notFound } from '../../platform/errors.ts';
import { executeCommand } from '../../platform/records.ts';
import { singletonId } from '../../platform/singletons.ts';
import { hashPassword } from '../auth/routes.ts';

const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'must be an email address' })).pipe(z.string().max(200));
const password = z.string().min(8, 'must be at least 8 characters').max(200);
const displayName = z.string().trim().min(1, 'is required').max(200);

const role = z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` });

export const newUserBody = z.object({ display_name: displayName, email, password, role: role.default(DEFAULT_ROLE) });
export const userEditBody = z.object({
  display_name: displayName.optional(),
  email: email.optional(),
  password: password.optional(),
  active: z.boolean({ message: 'must be true or false' }).optional(),
  role: role.optional(),
});
export const cancelBody = z.object({ confirm: z.string().max(200), reason: z.string().max(2000).nullable().optional() });

interface UserRow { id: string; display_name: string; email: string; active: boolean; role: Role; created_at: Date }
const USER_COLUMNS = ['id', 'display_name', 'email', 'active', 'role', 'created_at'] as const;

/** A user as the account's screens show them; last_name is what job assignment matches on (spec 2). */
export const userView = (u: UserRow) => ({
  id: String(u.id),
  display_name: u.display_name,
  first_name: firstNameOf(u.display_name),
  last_name: lastNameOf(u.display_name),
  email: u.email,
  active: u.active,
  role: u.role,
  created_at: u.created_at,
});

export async function listUsers(ctx: ApiContext, actor: Actor, opts: { activeOnly: boolean }) {
  const q = ctx.db('users').where('account_id', actor.accountId).select(...USER_COLUMNS).orderByRaw('lower(display_name), id');
  if (opts.activeOnly) q.where('active', true);
  return (await q).map(userView);
}

const emailTaken = (e: unknown) => (e as pg.DatabaseError).code === '23505' && (e as pg.DatabaseError).constraint === 'users_email_key';

/**
 * "Already registered" tells a signed-in user that some account has the address: kept, so an admin knows
 * why a user cannot be added, but limited per account and per client address (docs/accounts.md). A locked
 * account is refused before the save, whatever the email, so it learns nothing; only "already registered"
 * answers count, after the save, so adding many colleagues at once never trips the limit.
 */
async function answeringTakenEmails<T>(ctx: ApiContext, actor: Actor, address: string, email: string, save: () => Promise<T>): Promise<T> {
  const keys = { account: actor.accountId, address };
  await ctx.limits.takenEmails.refuseWhileLocked(keys);
  try {
    return await save();
  } catch (e) {
    if (!emailTaken(e)) throw e;
    await ctx.limits.takenEmails.countFailure(keys); // beyond the free ones this answers 429 instead
    throw new HttpError(409, 'already_exists', `${email} is already registered`, { fields: { email: 'is already registered' } });
  }
}

/** `address`: the client's, a key of the taken-email limit. */
export async function addUser(ctx: ApiContext, actor: Actor, body: z.infer<typeof newUserBody>, address: string) {
  return answeringTakenEmails(ctx, actor, address, body.email, async () => {
    const passwordHash = await hashPassword(body.password);
    const settingsId = await singletonId(ctx, actor, 'account_settings');
    let user: UserRow | undefined;
    const r = await executeCommand(ctx, actor, 'account_settings', settingsId, { type: 'RecordUserAdded', user: { id: '0', display_name: body.display_name, email: body.email, role: body.role } }, {
      sideWrites: async (client, decided) => {
        const { rows } = await client.query<UserRow>(
          `insert into users (account_id, email, display_name, password_hash, role) values ($1, $2, $3, $4, $5)
           returning id::text as id, display_name, email, active, role, created_at`,
          [actor.accountId, body.email, body.display_name, passwordHash, body.role],
        );
        user = rows[0];
        // The audit event names the user by the id the insert just gave them.
        (decided.events[0].data as { user_id: string }).user_id = user.id;
      },
    });
    return { ...userView(user!), version: r.version, position: r.position };
  });
}

export async function editUser(ctx: ApiContext, actor: Actor, userId: string, body: z.infer<typeof userEditBody>, address: string) {
  const current = /^\d{1,18}$/.test(userId)
    ? await ctx.db('users').where({ id: userId, account_id: actor.accountId }).first(...USER_COLUMNS)
    : undefined;
  if (!current) throw notFound('User');
  const before = { display_name: current.display_name, email: current.email, active: current.active, role: current.role };
  const after = { display_name: body.display_name ?? current.display_name, email: body.email ?? current.email, active: body.active ?? current.active, role: body.role ?? current.role };
  const save = async () => {
    const settingsId = await singletonId(ctx, actor, 'account_settings');
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    const command = { type: 'RecordUserChanged', userId, before, after, passwordChanged: Boolean(passwordHash), adminsLeft: await adminsBesides(ctx.pool, actor.accountId, userId) };
    return executeCommand(ctx, actor, 'account_settings', settingsId, command, {
      sideWrites: async (client) => {
        await client.query(`update users set display_name = $2, email = $3, active = $4, password_hash = coalesce($5, password_hash), role = $6 where id = $1`, [
          userId, after.display_name, after.email, after.active, passwordHash, after.role,
        ]);
        // Checked again in the write's transaction: two admins demoting each other at once must not both win.
        if (before.role === 'admin' && (after.role !== 'admin' || !after.active) && (await adminsBesides(client, actor.accountId, userId)) === 0)
          throw new HttpError(409, 'conflict', `${after.display_name} is the account's last admin: make another user admin first`, { fields: { [after.active ? 'role' : 'active']: "is the account's last admin's" } });
        // Every request re-checks the user; deleting the sessions also signs them out of every device.
        if (!after.active) await client.query(`delete from sessions where sess->>'userId' = $1`, [userId]);
      },
    });
  };
  // Only a new email can be someone else's; keeping one's own tells nothing.
  const r = body.email !== undefined && body.email !== current.email.toLowerCase() ? await answeringTakenEmails(ctx, actor, address, body.email, save) : await save();
  if (body.active === false) ctx.endLiveConnections({ userId });
  if (body.role !== undefined && body.role !== current.role) ctx.endLiveConnections({ userId });
  const row = (await ctx.db('users').where({ id: userId }).first(...USER_COLUMNS)) as UserRow;
  return { ...userView(row), version: r.version, position: r.position };
}

/** The account's active admins other than `userId`: a demotion or deactivation may not leave none. */
async function adminsBesides(db: Pick<pg.Pool, 'query'>, accountId: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from users where account_id = $1 and id <> $2 and role = 'admin' and active`, [accountId, userId]);
  return rows[0].n;
}

/** Cancel the account: every user's access ends at once (spec 2 section 6: no refunds). */
export async function cancelAccount(ctx: ApiContext, actor: Actor, body: z.infer<typeof cancelBody>) {
  if (body.confirm.trim() !== actor.accountName.trim()) {
    throw badRequest({ confirm: 'must be the account name, typed exactly' }, `Type the account name "${actor.accountName}" to cancel the account`);
  }
  const settingsId = await singletonId(ctx, actor, 'account_settings');
  const r = await executeCommand<AccountSettingsState>(ctx, actor, 'account_settings', settingsId, { type: 'CancelAccount', reason: body.reason ?? null }, {
    sideWrites: async (client) => {
      await client.query('update accounts set cancelled_at = now() where id = $1', [actor.accountId]);
      await client.query(`delete from sessions where sess->>'userId' in (select id::text from users where account_id = $1)`, [actor.accountId]);
    },
  });
  ctx.endLiveConnections({ accountId: actor.accountId });
  return { cancelled_at: r.state.cancelled_at, message: 'The account is cancelled. Every user\'s access has ended. No refunds are made.', version: r.version, position: r.position };
}

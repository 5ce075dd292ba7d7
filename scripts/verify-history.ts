/**
 * `npm run verify-history [-- --account <id>] [-- --anchor <hex> --position <tx:gp>]`: walks the hash
 * chain and anchors of every account (or one) as GET /api/audit/verify/ does, prints each answer, and
 * exits 1 when any history is broken (docs/audit.md).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { verifyHistory } from '@trenchline/event-store';
import { DATABASE_URL } from '@trenchline/read-model';

const { values: args } = parseArgs({ options: { account: { type: 'string' }, anchor: { type: 'string' }, position: { type: 'string' } } });
if (args.account !== undefined && !/^\d{1,18}$/.test(args.account)) throw new Error('--account must be an account id');
if (Boolean(args.anchor) !== Boolean(args.position) || (args.anchor && !args.account)) throw new Error('--anchor and --position go together, with --account');

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
let broken = 0;
try {
  const { rows: accounts } = await pool.query<{ id: string; name: string }>(
    'select id::text, name from accounts where $1::bigint is null or id = $1::bigint order by id',
    [args.account ?? null],
  );
  if (args.account && !accounts.length) throw new Error(`no account ${args.account}`);
  for (const a of accounts) {
    const check = await verifyHistory(pool, { accountId: a.id, anchor: args.anchor ? { hash: args.anchor, position: args.position! } : null });
    if (!check.ok) broken++;
    console.log(`account ${a.id} (${a.name}): ${check.ok ? 'whole' : 'BROKEN'} ${JSON.stringify(check)}`);
  }
  console.log(broken ? `[verify-history] ${broken} of ${accounts.length} accounts broken` : `[verify-history] ${accounts.length} accounts whole`);
} finally {
  await pool.end();
}
process.exitCode = broken ? 1 : 0;

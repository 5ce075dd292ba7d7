/**
 * The project management report: one row per selected project with status, dates, days left, PO,
 * customer, location and latest note, and the totals. Rows come from the project list read model
 * (the same view the list shows) through the domain's one rule, `managementReportRows`.
 */
import { managementReportRows, projectManagementReport as declared } from '@trenchline/domain';
import type { ReportBuilder } from '../builders.ts';

const ID_CHUNK = 1000;

export const projectManagementReport: ReportBuilder = {
  name: declared.name,
  async build(ctx, { accountId, params, today, at }) {
    const ids = params.ids as string[];
    const views: Record<string, unknown>[] = [];
    // Chunked so 2,000 selected projects stay well under Postgres's bind-parameter limit.
    for (let i = 0; i < ids.length; i += ID_CHUNK) {
      const rows = await ctx.db('projects').where({ account_id: accountId, deleted: false }).whereIn('id', ids.slice(i, i + ID_CHUNK)).select('view');
      for (const r of rows) views.push(r.view);
    }
    const account = await ctx.db('accounts').where({ id: accountId }).first('name');
    const { rows, totals } = managementReportRows(views, today);
    return {
      title: declared.label,
      subtitle: `${account?.name ?? ''} · generated ${at.slice(0, 16).replace('T', ' ')} UTC · ${rows.length} project${rows.length === 1 ? '' : 's'}`,
      columns: [
        { key: 'name', label: 'Project', kind: 'text', width: 28 },
        { key: 'status', label: 'Status', kind: 'text', width: 12 },
        { key: 'customer', label: 'Customer', kind: 'text', width: 20 },
        { key: 'location', label: 'Location', kind: 'text', width: 24 },
        { key: 'start_date', label: 'Start', kind: 'date', width: 11 },
        { key: 'due_date', label: 'Due', kind: 'date', width: 11 },
        { key: 'days_left', label: 'Days left', kind: 'number', width: 9 },
        { key: 'po_number', label: 'PO #', kind: 'text', width: 12 },
        { key: 'po_amount', label: 'PO amount', kind: 'money', width: 14 },
        { key: 'latest_note', label: 'Latest note', kind: 'longtext', width: 40 },
      ],
      rows,
      totals: {
        name: `Totals (${totals.projects} project${totals.projects === 1 ? '' : 's'})`,
        status: totals.overdue ? `${totals.overdue} overdue` : '',
        customer: totals.due_within_week ? `${totals.due_within_week} due within 7 days` : '',
        po_amount: totals.po_amount,
      },
      rowColours: rows.map((r) => (r.days_colour === 'red' ? 'rgba(250, 82, 82, 0.18)' : r.days_colour === 'orange' ? 'rgba(253, 126, 20, 0.18)' : r.colour_background)),
    };
  },
};

import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Paper } from '@mantine/core';
import { ListStates, ListTitleBar, MatchCount } from '../../../components/table/ListPage';
import { usePagedList } from '../../../components/table/usePagedList';
import type { Sort } from '../../../lib/listLogic';
import { AUDIT_LIST, AUDIT_PATH, type AuditRow } from '../api/types';
import { exportFilter, filterOfParams, withFilter, type AuditFilterName } from '../auditLogic';
import { ExportButtons, useVerifyHistory, VerifyButton, VerifyResult } from './AuditActions';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';

/** The server's own order (newest first): never sent. */
const NEWEST_FIRST: Sort = { key: 'position', dir: 'desc' };
const idOf = (r: Record<string, unknown>) => String(r.position ?? r.id);

/**
 * /audit/: the account's whole trail, newest first, paged from the server as it scrolls: when, who (and
 * their role then), the area, the record (linking to it, and to it as it stood then), what happened and
 * each field's old and new value. Its filters live in the URL, so a link reproduces the view; the
 * filtered trail exports as XLSX or CSV; "Verify history" checks the hash chain.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter changes only when the URL does
  const filter = useMemo(() => filterOfParams(params), [key]);
  const [initial] = useState(() => ({ text: params.get('q') ?? '' }));
  const list = usePagedList<AuditRow>({ list: AUDIT_LIST, path: AUDIT_PATH, filter, rowFilter: null, defaultSort: NEWEST_FIRST, idOf, initial });
  const verify = useVerifyHistory();

  // The find box's words join the URL once sent (replacing the entry: typing is not a step back).
  useEffect(() => {
    setParams((p) => ((p.get('q') ?? '') === list.q ? p : withFilter(p, 'q', list.q)), { replace: true });
  }, [list.q, setParams]);
  const change = (name: AuditFilterName, value: string | null) => setParams((p) => withFilter(p, name, value));

  return (
    <Paper withBorder p="xs" radius="sm">
      <ListTitleBar title="Audit trail" filter={list.text} onFilter={list.setText}>
        <ExportButtons filter={exportFilter(filter, list.q)} />
        <VerifyButton verify={verify} />
      </ListTitleBar>
      <VerifyResult verify={verify} />
      <AuditFilters params={params} onChange={change} />
      {/* The server counts up to its cap (10,000) and says when it stopped there. */}
      <MatchCount ready={list.isSuccess} count={list.count} estimated={list.countEstimated} selected={0} noun={(list.latest as { count_capped?: boolean } | undefined)?.count_capped ? 'events or more' : 'events'} />
      <ListStates query={list} loading={list.isPending} nothingAsked={false} noun="events" shown={list.count} total={list.count} searched={Boolean(list.text.trim()) || Object.keys(filter).length > 0} noneText="No events yet." />
      {list.isSuccess && list.count > 0 && <AuditTable list={list} />}
    </Paper>
  );
}

/**
 * One detail page for every record area: the live record to edit, or with ?as_of= the record as it
 * stood then, read-only (its section bar and sections, from the area's slots). A record that cannot
 * be found sends the user to its list with 'Deleted.' (spec 3 section 8); another failure is shown.
 * An area whose address names a number (an RFQ's) looks it up first (`useLookup`).
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { WaitMessage } from '../WaitMessage';
import { errorText, isApiError } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { useLiveRecord } from '../../lib/realtime';
import { RecordAsOfView } from './AsOfControl';
import type { RecordRef } from './recordRef';
import { SectionBar, type SectionLink } from './SectionBar';

/** An area's detail page, declared once. */
export interface RecordDetailDeclaration<D> {
  /** 'order': 'The order could not be loaded', the as-of view's words. */
  noun: string;
  /** Where a deleted record sends the user. */
  listPath: string;
  /** The route's parameter naming the record (default 'id'). */
  param?: string;
  /** The record's live stream, history and past, and its read. */
  stream(id: string): string;
  record(id: string): RecordRef;
  useRecord(id: string): UseQueryResult<D>;
  /** The address's key (a number) to the record's id, where it is not the id. */
  useLookup?(key: string): { data?: { id: string }; error: unknown };
  /** The section bar: its title, sections, the jump, its label and what it shows under the title. */
  bar: { title(record: D): ReactNode; sections: readonly SectionLink[]; onJump(id: string): void; label: string; extra?(record: D): ReactNode };
}

/** The record's section bar (`children`: its actions); the editor and the as-of view both show it. */
export function RecordSectionBar<D>({ of, record, children }: { of: RecordDetailDeclaration<D>; record: D; children?: ReactNode }) {
  const { bar } = of;
  return (
    <SectionBar title={bar.title(record)} sections={bar.sections} onJump={bar.onJump} label={bar.label} extra={bar.extra?.(record)}>
      {children}
    </SectionBar>
  );
}

const gone = (e: unknown) => isApiError(e) && (e.status === 404 || e.status === 400);
const keyIsId = (key: string) => ({ data: { id: key }, error: null });

interface Props<D> {
  of: RecordDetailDeclaration<D>;
  /** The live record's editor (header, fields, history and as-of buttons, sections). */
  editor(record: D, onAsOf: (iso: string) => void): ReactNode;
  /** The record as it stood, read-only: its fields and sections below the bar. */
  past(record: D): ReactNode;
}

export function RecordDetailPage<D>({ of, editor, past }: Props<D>) {
  const key = useParams()[of.param ?? 'id'] ?? '';
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  const useLookup = of.useLookup ?? keyIsId;
  const lookup = useLookup(key);
  const id = lookup.data?.id ?? '';
  useLiveRecord(id ? of.stream(id) : null);
  const record = of.useRecord(id);

  const missing = gone(lookup.error) || gone(record.error);
  const { listPath } = of;
  useEffect(() => {
    if (!missing) return;
    message('Deleted.');
    navigate(listPath, { replace: true });
  }, [missing, message, navigate, listPath]);

  const failed = (error: unknown) => (
    <Alert color="red" title={`The ${of.noun} could not be loaded`}>
      {errorText(error)}
    </Alert>
  );
  if (lookup.error) return missing ? <WaitMessage boxed /> : failed(lookup.error);
  if (!id) return <WaitMessage boxed />;
  if (asOf)
    return (
      <RecordAsOfView<D> record={of.record(id)} noun={of.noun} asOf={asOf} onNow={() => setParams({})}>
        {(then) => (
          <Stack gap="xs">
            <RecordSectionBar of={of} record={then} />
            {past(then)}
          </Stack>
        )}
      </RecordAsOfView>
    );
  if (record.isPending || missing) return <WaitMessage boxed />;
  if (record.isError) return failed(record.error);
  return <Fragment key={id}>{editor(record.data, (iso) => setParams({ as_of: iso }))}</Fragment>;
}

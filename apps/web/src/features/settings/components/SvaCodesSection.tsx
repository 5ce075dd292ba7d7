import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, FileButton, Group, Table, Text, TextInput } from '@mantine/core';
import { svaCodes } from '@trenchline/domain';
import { displayValue } from '../../../components/lines/values';
import { WaitMessage } from '../../../components/WaitMessage';
import { showDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useSvaCodes } from '../api/listSvaCodes';
import { planOf, usePreviewSvaImport } from '../api/previewSvaImport';
import { useSvaRateSheet } from '../api/svaRateSheet';
import type { SvaCode, SvaPlan } from '../api/types';
import { svaRateSheetHistory } from '../historyTargets';
import { HistoryButton } from './HistoryProvider';
import { SvaImportModal } from './SvaImportModal';

/** Rendering thousands of rows makes the page slow; the filter narrows them. */
const SHOWN_AT_MOST = 300;

function filterCodes(codes: SvaCode[], text: string) {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return codes;
  return codes.filter((c) => {
    const hay = `${c.code} ${c.description ?? ''} ${c.uom ?? ''} ${c.provisions ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The last import, in one line. */
function SheetLine() {
  const sheet = useSvaRateSheet();
  const last = sheet.data?.last_import;
  if (!last) return null;
  return (
    <Text size="xs" c="dimmed">
      Last import {showDateTime(last.at)} by {last.by}
      {last.file_name ? ` (${last.file_name})` : ''}: {last.added} added, {last.updated} updated, {last.unchanged} unchanged.
    </Text>
  );
}

/** 'Import CSV': choose a file, which is previewed by the server before anything is written. */
function ImportCsvButton() {
  const message = useMessage();
  const preview = usePreviewSvaImport();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<SvaPlan | null>(null);
  // Cleared after each choice, so the same file (fixed and saved again) can be chosen again.
  const reset = useRef<() => void>(null);
  const choose = (f: File | null) => {
    if (!f) return;
    reset.current?.();
    setFile(f);
    preview.mutate(f, {
      onSuccess: setPlan,
      onError: (e) => {
        const refused = planOf(e);
        if (refused) setPlan(refused);
        else message(errorText(e), 'error');
      },
    });
  };
  const close = () => {
    setPlan(null);
    setFile(null);
  };
  return (
    <>
      <FileButton onChange={choose} resetRef={reset} accept=".csv,text/csv" inputProps={{ 'aria-label': 'SVA codes CSV file' }}>
        {(props) => (
          <Button {...props} size="compact-xs" variant="light" loading={preview.isPending}>
            Import CSV
          </Button>
        )}
      </FileButton>
      <SvaImportModal file={file} plan={plan} onPlan={setPlan} onClose={close} />
    </>
  );
}

export function SvaCodesActions() {
  return (
    <>
      <ImportCsvButton />
      <HistoryButton target={svaRateSheetHistory()} />
    </>
  );
}

/** The SVA rate sheet's codes, read only, with a text filter. */
export function SvaCodesSection() {
  const codes = useSvaCodes();
  const [text, setText] = useState('');
  const rows = useMemo(() => filterCodes(codes.data ?? [], text), [codes.data, text]);
  const shown = rows.slice(0, SHOWN_AT_MOST);

  return (
    <>
      <Group gap="xs" mb={4} wrap="wrap">
        <TextInput size="xs" w={220} placeholder="Filter codes..." aria-label="Filter SVA codes" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Text size="xs" c="dimmed" data-testid="sva-count">
          {codes.isSuccess && `${rows.length} of ${codes.data.length} codes${rows.length > shown.length ? `, first ${shown.length} shown` : ''}`}
        </Text>
        <SheetLine />
      </Group>
      {codes.isPending && <WaitMessage />}
      {codes.isError && (
        <Alert color="red" variant="light" p="xs" title="The SVA codes could not be loaded">
          {errorText(codes.error)}
        </Alert>
      )}
      {codes.isSuccess && (
        <Box style={{ overflow: 'auto', maxHeight: 300 }}>
          <Table striped stickyHeader fz="xs" verticalSpacing={2} horizontalSpacing={6} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {svaCodes.fields.map((f) => (
                  <Table.Th key={f.name} style={{ minWidth: f.width, textAlign: f.kind === 'money' ? 'right' : undefined }}>
                    {f.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={svaCodes.fields.length}>
                    <Text size="xs" c="dimmed">
                      {codes.data.length ? 'No codes match the filter.' : 'No SVA codes yet: import your rate sheet as CSV.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {shown.map((c) => (
                <Table.Tr key={c.id} data-code={c.code}>
                  {svaCodes.fields.map((f) => (
                    <Table.Td key={f.name} style={{ textAlign: f.kind === 'money' ? 'right' : undefined, whiteSpace: f.kind === 'longtext' ? 'pre-wrap' : undefined }}>
                      {displayValue(f, (c as unknown as Record<string, unknown>)[f.name])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </>
  );
}

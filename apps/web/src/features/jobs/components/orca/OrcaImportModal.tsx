import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { progressText, useBulkOperation, type BulkOperation } from '../../../../components/record/useBulkOperation';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { previewImport, startImport } from '../../api/orcaDashboard';
import { canImport, errorLine, errorsOfBody, IMPORT_ENCODINGS, IMPORT_TEMPLATE_PATH, previewSummary, type ImportEncoding, type ImportError, type ImportPreview } from '../../orca/csvImport';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** After an import finished (refetch the dashboard). */
  onImported: () => void;
}

/** The bad cells, one row each: 'Line 4, column issued_item_qty: must be a number' and the value given. */
function ErrorTable({ errors }: { errors: ImportError[] }) {
  return (
    <ScrollArea.Autosize mah={240}>
      <Table fz="xs" striped withTableBorder aria-label="Import errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Problem</Table.Th>
            <Table.Th w={140}>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            <Table.Tr key={`${e.line}-${e.column}-${i}`} data-import-error>
              <Table.Td c="red.8">{errorLine(e)}</Table.Td>
              <Table.Td>{e.value === null || e.value === undefined ? '' : String(e.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * Upload .csv (contract section 5): the template to fill, a file chosen and previewed (every bad
 * cell listed; Import stays disabled while there is one), then imported by the worker with its
 * progress, and the result.
 */
export function OrcaImportModal({ opened, onClose, onImported }: Props) {
  const message = useMessage();
  const bulk = useBulkOperation();
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BulkOperation | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setErrors([]);
    setProblem(null);
    setResult(null);
  };

  const choose = async (f: File | null, readAs: ImportEncoding = encoding) => {
    reset();
    setFile(f);
    if (!f) return;
    setChecking(true);
    try {
      const p = await previewImport(f, readAs);
      setPreview(p);
      setErrors(p.errors ?? []);
    } catch (e) {
      setErrors(isApiError(e) ? errorsOfBody(e.body) : []);
      setProblem(errorText(e));
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    if (!file || !canImport(preview)) return;
    setProblem(null);
    try {
      const last = await bulk.track(await startImport(file, encoding));
      setResult(last);
      onImported();
      if (last.status === 'cancelled') message(`Import stopped: ${last.done} of ${last.total ?? last.done} jobs imported.`, 'info');
      else if (last.status === 'failed') message(`Problem.  ${last.message || 'The import failed.'}`, 'error');
      else message(last.message || `${file.name} imported`, 'success');
    } catch (e) {
      // A file changed since its preview: its bad cells come back with the 400.
      const bad = isApiError(e) ? errorsOfBody(e.body) : [];
      if (bad.length) setErrors(bad);
      setProblem(errorText(e));
    }
  };

  const close = () => {
    if (bulk.busy) return;
    reset();
    onClose();
  };

  const op = bulk.op;
  return (
    <Modal opened={opened} onClose={close} title="Import ORCA jobs from a .csv file" size="lg" closeOnClickOutside={!bulk.busy}>
      <Stack gap="sm">
        <Text size="sm">
          One row per CIBE line; job and task columns may repeat on each row of a job. Jobs are matched by <b>job_number</b>: what a job already has is not added twice.{' '}
          <Anchor href={IMPORT_TEMPLATE_PATH} download="ORCA import template.csv" data-testid="import-template">
            Download the template
          </Anchor>
        </Text>
        <Group gap="sm" align="flex-end" grow>
          <FileInput size="sm" label="CSV file" placeholder="Choose a .csv file" accept=".csv,text/csv" value={file} onChange={(f) => void choose(f)} clearable disabled={bulk.busy} data-testid="import-file" />
          <Select
            size="sm"
            label="Characters"
            data={IMPORT_ENCODINGS}
            value={encoding}
            allowDeselect={false}
            disabled={bulk.busy}
            onChange={(v) => {
              const next = (v ?? 'auto') as ImportEncoding;
              setEncoding(next);
              // The preview is read again in the encoding chosen.
              if (file) void choose(file, next);
            }}
            data-testid="import-encoding"
          />
        </Group>
        {checking && (
          <Text size="sm" c="dimmed" role="status">
            Checking the file...
          </Text>
        )}
        {preview && (
          <Text size="sm" data-testid="import-summary">
            {previewSummary(preview)}
          </Text>
        )}
        {errors.length > 0 && (
          <>
            <Text size="sm" c="red.8" fw={600} data-testid="import-error-count">
              {errors.length} {errors.length === 1 ? 'cell needs' : 'cells need'} fixing before the file can be imported.
            </Text>
            <ErrorTable errors={errors} />
          </>
        )}
        {problem && errors.length === 0 && (
          <Alert color="red" variant="light" title="Problem">
            {problem}
          </Alert>
        )}
        {op && (
          <Stack gap={4} data-testid="import-progress">
            <Group justify="space-between" gap="xs">
              <Text size="sm" data-testid="import-progress-text">
                {progressText(op)}
              </Text>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void bulk.cancel()} data-testid="import-stop">
                Stop import
              </Button>
            </Group>
            <Progress value={op.total ? (op.done / op.total) * 100 : 0} animated />
          </Stack>
        )}
        {result && (
          <Alert
            color={result.status === 'failed' || result.failed ? 'red' : result.status === 'cancelled' ? 'yellow' : 'teal'}
            variant="light"
            title={result.status === 'failed' ? 'Import failed' : result.status === 'cancelled' ? 'Import stopped' : 'Import done'}
            data-testid="import-result"
          >
            {result.message ||
              `${result.done} of ${result.total ?? result.done} imported${result.failed ? `, ${result.failed} failed` : ''}.${result.status === 'cancelled' ? ' Import the file again to add the rest: what was imported is not added twice.' : ''}`}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={close} disabled={bulk.busy}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button size="xs" onClick={() => void run()} disabled={!canImport(preview) || errors.length > 0 || Boolean(result)} loading={bulk.busy}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

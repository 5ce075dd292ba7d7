/**
 * A job's uploaded lines: photos (resized in the browser before upload: 1920 px wide at most, JPEG
 * 0.9, no EXIF) and general files; also the photos of a damage report or of a production. Several
 * files go in one pick, with one progress bar (capped at 100); a photo's caption is edited in place.
 */
import { useEffect, useState } from 'react';
import { noneYet, plural } from '../../lib/words';
import { Anchor, Badge, Button, FileButton, Group, Image, Table, TextInput, Title } from '@mantine/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CollectionDef, FieldSpec, Line } from '@trenchline/domain';
import { useDeleteLine } from './api/deleteLine';
import { useSaveLine } from './api/saveLine';
import { useUploadFile } from './api/uploadFile';
import { usePatchEdit } from './usePatchEdits';
import { ConflictModal } from '../record/ConflictPanel';
import { confirmAction } from '../../lib/confirm';
import { errorText } from '../../lib/http';
import { useMessage } from '../../lib/messages';
import { showDate } from '../../lib/dates';
import { resizePhoto } from '../../lib/resizePhoto';
import { UploadProgress, useUploadQueue } from './useUploadQueue';
import { useCan } from '../../features/auth';
import { EmptyRow, DeleteCell } from '../table/TableCells';
import { useWaitingUploads } from '../../lib/offline/outbox';
import { ownerIn } from '../../lib/offline/owner';
import type { Entry } from '../../lib/offline/outboxLogic';
import { linesUrl } from './api/urls';

interface Props {
  def: CollectionDef;
  title: string;
  rows: Line[];
  /** The record's id, or the parent line's (a damage report's photos). */
  parentId: string;
  recordKey: QueryKey;
  /** Photos: resized before upload, shown as thumbnails, with a caption. */
  photos?: boolean;
  readOnly?: boolean;
  nested?: boolean;
}

export function UploadSection({ def, title, rows, parentId, recordKey, photos, readOnly: shownReadOnly, nested }: Props) {
  // Files the role does not write (a job's PDF bundle to a field user, anything to an auditor) are shown, not offered.
  const writes = useCan()({ writeLines: def.name });
  const readOnly = shownReadOnly || !writes;
  const message = useMessage();
  const upload = useUploadFile(def, parentId, recordKey);
  const remove = useDeleteLine(def, recordKey);
  const noun = photos ? 'photo' : 'file';
  // Uploads kept on this device (offline, or no answer) show from their Blob until the sync sends them.
  const waiting = useWaitingUploads(ownerIn(useQueryClient()), linesUrl(def, parentId));
  const { send, busy, progress, error, reset } = useUploadQueue({
    noun,
    prepare: photos ? { run: resizePhoto, label: 'Resizing' } : undefined,
    upload: (file, onProgress) => upload.mutateAsync({ file, fileType: photos ? 'photo' : 'other', onProgress }),
  });

  const del = (row: Line) => {
    if (!confirmAction('Sure you want to delete this file?')) return;
    remove.mutate(row.id, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };

  return (
    <section aria-label={title}>
      <Group justify="space-between" mb={4} gap="xs">
        <Title order={nested ? 6 : 5}>{title}</Title>
        {!readOnly && (
          <FileButton resetRef={reset} onChange={(f) => void send(f)} accept={photos ? 'image/*' : undefined} capture={photos ? 'environment' : undefined} multiple>
            {(props) => (
              <Button {...props} size="compact-xs" variant="light" loading={busy !== null} aria-label={`Upload ${noun}s to ${title}`}>
                Upload {noun}s
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <UploadProgress progress={progress} busy={busy} error={error} />
      <Table.ScrollContainer minWidth={460} type="native">
        <Table fz="xs" striped withTableBorder verticalSpacing={2} horizontalSpacing={6} data-lines-of={title}>
          <Table.Thead>
            <Table.Tr>
              {photos && <Table.Th w={70} />}
              <Table.Th w={photos ? 150 : undefined}>{photos ? 'Photo' : 'File'}</Table.Th>
              {photos && <Table.Th miw={120}>Caption</Table.Th>}
              <Table.Th w={120}>By</Table.Th>
              <Table.Th w={90}>Uploaded</Table.Th>
              {!readOnly && <Table.Th w={60} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && waiting.length === 0 && (
              <EmptyRow colSpan={photos ? 6 : 4}>{noneYet(plural(noun), readOnly ? undefined : `Upload ${noun}s`)}</EmptyRow>
            )}
            {rows.map((row) => (
              <Table.Tr key={row.id} data-line-id={row.id}>
                {photos && (
                  <Table.Td py={2}>
                    <Anchor href={String(row.file)} target="_blank" rel="noreferrer">
                      <Image src={String(row.file)} alt={String(row.caption || row.file_name || 'photo')} w={60} h={40} fit="cover" radius={2} loading="lazy" />
                    </Anchor>
                  </Table.Td>
                )}
                <Table.Td style={{ maxWidth: photos ? 150 : 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <Anchor href={String(row.file)} target="_blank" rel="noreferrer" size="xs" download={photos ? undefined : String(row.file_name ?? '')}>
                    {String(row.file_name || noun)}
                  </Anchor>
                </Table.Td>
                {photos && (
                  <Table.Td>
                    <Caption def={def} row={row} recordKey={recordKey} readOnly={readOnly} />
                  </Table.Td>
                )}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{String(row.uploaded_by ?? '')}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDate(row.uploaded_at)}</Table.Td>
                {!readOnly && (
                  <DeleteCell onDelete={() => del(row)} loading={remove.isPending && remove.variables === row.id} />
                )}
              </Table.Tr>
            ))}
            {waiting.map((entry) => (
              <WaitingRow key={entry.key} entry={entry} photos={photos} readOnly={readOnly} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** A file kept on this device: its thumbnail from the kept Blob, marked as waiting (its upload's progress once it has begun). */
function WaitingRow({ entry, photos, readOnly }: { entry: Entry; photos?: boolean; readOnly?: boolean }) {
  const kept = entry.upload!;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(kept.file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [kept.file]);
  const sent = kept.session && kept.file.size ? Math.floor((kept.session.offset / kept.file.size) * 100) : 0;
  const words = entry.state === 'waiting' ? (sent ? `waiting to upload (${sent}% sent)` : 'waiting to upload') : 'not uploaded: see Offline changes';
  return (
    <Table.Tr data-waiting-upload={kept.fileName}>
      {photos && <Table.Td py={2}>{url && <Image src={url} alt={`${kept.fileName} (waiting to upload)`} w={60} h={40} fit="cover" radius={2} style={{ opacity: 0.6 }} />}</Table.Td>}
      <Table.Td style={{ maxWidth: photos ? 150 : 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{kept.fileName}</Table.Td>
      {photos && <Table.Td />}
      <Table.Td colSpan={readOnly ? 2 : 3}>
        <Badge size="xs" variant="light" color={entry.state === 'waiting' ? 'orange' : 'red'}>
          {words}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

const CAPTION: FieldSpec = { name: 'caption', label: 'Caption', kind: 'text' };

/** A photo's caption, saved on Enter or when the field is left (with the photo's version, like any line). */
function Caption({ def, row, recordKey, readOnly }: { def: CollectionDef; row: Line; recordKey: QueryKey; readOnly?: boolean }) {
  const message = useMessage();
  const qc = useQueryClient();
  const save = useSaveLine(def, recordKey);
  const edit = usePatchEdit(row, {
    fields: [def.fields.find((f) => f.name === 'caption') ?? CAPTION],
    save: (r, values, version) => save.mutateAsync({ id: r.id, values, version }),
    onSaved: () => message('Photo successfully saved!', 'success'),
    onFailed: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    refresh: () => void qc.invalidateQueries({ queryKey: recordKey }),
  });
  const saved = String(row.caption ?? '');
  if (readOnly) return <span>{saved}</span>;
  const editing = 'caption' in edit.patch;
  // Not while saving or choosing: the conflict modal takes the focus, and leaving the field saves.
  const commit = () => void (edit.saving || edit.panel.control.conflict ? null : edit.dirty ? edit.save() : edit.clear());
  return (
    <>
      <TextInput
        size="xs"
        variant={editing ? 'default' : 'unstyled'}
        placeholder="Add a caption"
        aria-label={`Caption of ${String(row.file_name ?? 'photo')}`}
        value={editing ? String(edit.patch.caption ?? '') : saved}
        onChange={(e) => edit.setField('caption', e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        styles={{ input: { minHeight: 22, height: 22 } }}
      />
      <ConflictModal {...edit.panel} noun="photo" />
    </>
  );
}

/**
 * The customer's and the worker's signatures (spec 3; issue 17): each shows who signed, who took it,
 * when and the short fingerprint of what was signed; a signature whose ticket changed since is marked
 * "Signed an earlier version" with what changed. A signature is never edited: it is removed and signed again.
 * Offline a signature is kept on the device with what the signer saw and shows at once, waiting to be sent.
 */
import { Alert, Badge, Button, Group, Image, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { ticketCustomerSignatures, ticketWorkerSignatures, type CollectionDef, type Line } from '@trenchline/domain';
import { useDeleteLine } from '../../../../components/lines/api/deleteLine';
import { confirmAction } from '../../../../lib/confirm';
import { showDateTime } from '../../../../lib/dates';
import { errorText } from '../../../../lib/http';
import { isTempId } from '../../../../lib/offline/outboxLogic';
import { isQueued, KEPT_MESSAGE } from '../../../../lib/offline/queuedWrite';
import { useMessage } from '../../../../lib/messages';
import { useSignTicket, type SignatureKind } from '../../api/signatures';
import { SignaturePad } from './SignaturePad';

interface Props {
  ticketId: string;
  customer: Line[];
  workers: Line[];
  fingerprint: string;
  recordKey: QueryKey;
  readOnly?: boolean;
}

export function SignaturesSection({ ticketId, customer, workers, fingerprint, recordKey, readOnly }: Props) {
  return (
    <section aria-label="Signatures">
      <Group justify="space-between" mb={4}>
        <Title order={5}>Signatures</Title>
        <Text size="xs" c="dimmed" data-testid="ticket-fingerprint">
          Ticket content fingerprint {fingerprint.slice(0, 12)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xs">
        <SignatureColumn who="Customer" kind="customer_signatures" def={ticketCustomerSignatures} rows={customer} ticketId={ticketId} recordKey={recordKey} readOnly={readOnly} />
        <SignatureColumn who="Worker" kind="worker_signatures" def={ticketWorkerSignatures} rows={workers} ticketId={ticketId} recordKey={recordKey} readOnly={readOnly} />
      </SimpleGrid>
    </section>
  );
}

interface ColumnProps {
  who: string;
  kind: SignatureKind;
  def: CollectionDef;
  rows: Line[];
  ticketId: string;
  recordKey: QueryKey;
  readOnly?: boolean;
}

function SignatureColumn({ who, kind, def, rows, ticketId, recordKey, readOnly }: ColumnProps) {
  const message = useMessage();
  const sign = useSignTicket();
  const remove = useDeleteLine(def, recordKey);
  const del = (row: Line) => {
    if (!confirmAction('Sure you want to delete this signature?')) return;
    remove.mutate(row.id, { onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') });
  };
  return (
    <Stack gap={6} data-signatures={kind}>
      <Title order={6}>{who} signatures</Title>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          Not signed yet.
        </Text>
      )}
      {rows.map((row) => (
        <SignatureCard key={row.id} row={row} onDelete={readOnly ? undefined : () => del(row)} />
      ))}
      {!readOnly && (
        <SignaturePad
          who={who}
          signing={sign.isPending}
          onProblem={(text) => message(text, 'error')}
          onSign={(signed, done) =>
            sign.mutate(
              { id: ticketId, kind, ...signed },
              {
                onSuccess: (answer) => {
                  message(isQueued(answer) ? `Signed by ${signed.signer_name}. ${KEPT_MESSAGE}` : `Signed by ${signed.signer_name}.`, 'success');
                  done();
                },
                onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
              },
            )
          }
        />
      )}
    </Stack>
  );
}

function SignatureCard({ row, onDelete }: { row: Line; onDelete?: () => void }) {
  const current = row.signature_current !== false;
  // Taken on this device and not sent yet: the server gives its fingerprint and says whether it is current.
  const waiting = isTempId(row.id);
  const changes = Array.isArray(row.changes_since) ? (row.changes_since as string[]) : [];
  return (
    <Alert
      color={waiting ? 'gray' : current ? 'teal' : 'red'}
      variant="light"
      p={6}
      data-signature-id={row.id}
      data-signature-state={waiting ? 'waiting' : current ? 'current' : 'stale'}
      title={
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {String(row.signer_name ?? '')}
          </Text>
          {waiting ? (
            <Badge size="xs" color="gray" data-testid="signature-waiting">
              Waiting to be sent
            </Badge>
          ) : current ? (
            <Badge size="xs" color="teal">
              Signed this version
            </Badge>
          ) : (
            <Badge size="sm" color="red" data-testid="signature-stale">
              Signed an earlier version
            </Badge>
          )}
        </Group>
      }
    >
      <Group gap="xs" align="start" wrap="nowrap">
        {typeof row.signature_image === 'string' && <Image src={row.signature_image} alt={`Signature of ${String(row.signer_name ?? '')}`} w={180} h={54} fit="contain" bg="white" radius={2} />}
        <Stack gap={0} style={{ flex: 1 }}>
          <Text size="xs">
            Signed {showDateTime(row.signed_at)}
            {row.signed_by ? `, taken by ${String(row.signed_by)}` : ''}
          </Text>
          {!waiting && (
            <Text size="xs" c="dimmed" data-testid="signature-fingerprint">
              Fingerprint {String(row.fingerprint_short ?? '')}
            </Text>
          )}
          {!current && changes.length > 0 && (
            <>
              <Text size="xs" fw={600} mt={2}>
                Changed since signing:
              </Text>
              <List size="xs" spacing={0} data-testid="changes-since">
                {changes.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
        {onDelete && (
          <Button size="compact-xs" color="red" variant="subtle" onClick={onDelete}>
            Delete
          </Button>
        )}
      </Group>
    </Alert>
  );
}

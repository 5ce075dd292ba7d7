import { Anchor, Button, FileButton } from '@mantine/core';
import { TICKET_MESSAGES } from '@trenchline/domain';
import { RecordEditorPage } from '../../../../components/record/RecordEditorPage';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { errorText } from '../../../../lib/http';
import { isQueued, KEPT_MESSAGE } from '../../../../lib/offline/queuedWrite';
import { useMessage } from '../../../../lib/messages';
import { useApproveTicket } from '../../api/approve';
import { useCan } from '../../../auth';
import { ticketRecord } from '../../api/getTicket';
import { useDeleteTicket, useSaveTicket, type SaveTicketInput } from '../../api/saveTicket';
import { linesOf, ticketKey, type TicketDetail } from '../../api/ticketDetailTypes';
import { useUploadTabletPdf } from '../../api/ticketLines';
import { ticketFieldLabel } from './fields';
import { ticketFormLogic, toPayload } from './formLogic';
import { useProductionEdits } from './ProductionSection';
import { linesToSave } from './productionLogic';
import { TicketForm } from './TicketForm';
import { TicketSections } from './TicketSections';
import { TicketTitle, TicketTotals } from './TicketTitle';
import { scrollToTicketSection, TICKET_SECTIONS, Section } from './sections';

/** Spec 3 section 8: a failed ticket save says 'error experienced', with the server's words in the notice. */
const failed = (e: unknown) => ({ notice: `${TICKET_MESSAGES.saveFailed}: ${errorText(e)}`, message: TICKET_MESSAGES.saveFailed });

/** The live ticket: its fields, totals, lines and actions (approve or un-approve, PDFs, save, history, as of, delete). */
export function TicketEditor({ ticket, onAsOf }: { ticket: TicketDetail; onAsOf: (iso: string) => void }) {
  const productionEdits = useProductionEdits(ticketKey(ticket.id));
  const save = useSaveTicket();
  // Save is one write of the ticket's changed fields with the production lines' unsaved edits.
  const saveWithLines = {
    isPending: save.isPending,
    mutateAsync: async (input: SaveTicketInput) => {
      const rows = linesOf(ticket, 'ticket_productions');
      const lines = linesToSave(rows, productionEdits.valuesOf, productionEdits.sinceOf);
      const answer = await save.mutateAsync(lines.length ? { ...input, values: { ...input.values, ticket_productions: lines } } : input);
      for (const line of lines) productionEdits.clear(String(line.id));
      return answer;
    },
  };
  const editor = useRecordEditor({
    record: ticket,
    noun: 'ticket',
    logic: ticketFormLogic,
    saveMutation: saveWithLines,
    toPayload,
    savedMessage: (a) => (isQueued(a) ? KEPT_MESSAGE : TICKET_MESSAGES.saved),
    failed,
    fieldLabel: ticketFieldLabel,
    removeMutation: useDeleteTicket(),
    removedMessage: TICKET_MESSAGES.deleted,
    afterRemove: '/ticket/',
  });
  return (
    <RecordEditorPage
      editor={editor}
      noun="ticket"
      area="/ticket/"
      record={ticket}
      recordRef={ticketRecord(ticket.id)}
      fieldLabel={ticketFieldLabel}
      onAsOf={onAsOf}
      title={<TicketTitle ticket={ticket} />}
      sections={TICKET_SECTIONS}
      onJump={scrollToTicketSection}
      label="Ticket sections"
      extra={<TicketTotals ticket={ticket} />}
      buttons={
        <>
          <ApproveButton ticket={ticket} />
          <PdfLinks ticket={ticket} />
        </>
      }
    >
      {(formProps) => (
        <>
          <Section id="details">
            <TicketForm {...formProps} ticket={ticket} />
          </Section>
          <TicketSections ticket={ticket} productionEdits={productionEdits} />
        </>
      )}
    </RecordEditorPage>
  );
}

/** Approve (its production counts on the job) or, once approved, ask for an edit (Edit Requested takes it out again). */
function ApproveButton({ ticket }: { ticket: TicketDetail }) {
  const message = useMessage();
  const approve = useApproveTicket();
  const mayApprove = useCan()('approve tickets');
  const approving = !ticket.approved;
  if (!mayApprove) return null;
  return (
    <Button
      size="xs"
      color={approving ? 'teal' : 'orange'}
      variant={approving ? 'filled' : 'light'}
      loading={approve.isPending}
      data-testid={approving ? 'approve-ticket' : 'request-edit'}
      onClick={() =>
        approve.mutate(
          { id: ticket.id, approve: approving },
          {
            onSuccess: (a) => message(approving ? (a.message ?? TICKET_MESSAGES.approved) : 'Edit requested.', 'success'),
            onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
          },
        )
      }
    >
      {approving ? 'Approve' : 'Request edit'}
    </Button>
  );
}

/** The stamped PDF (the worker builds it of the ticket as it stands) and the PDF a tablet uploaded (one kept). */
function PdfLinks({ ticket }: { ticket: TicketDetail }) {
  const message = useMessage();
  const tablet = useUploadTabletPdf();
  return (
    <>
      {ticket.stamped_ticket_file && (
        <Button component="a" href={ticket.stamped_ticket_file} target="_blank" rel="noreferrer" size="xs" variant="light" data-testid="stamped-pdf">
          Stamped PDF
        </Button>
      )}
      {ticket.ticket_pdf_from_tablet && (
        <Anchor href={ticket.ticket_pdf_from_tablet.file} target="_blank" rel="noreferrer" size="xs" data-testid="tablet-pdf">
          {ticket.ticket_pdf_from_tablet.file_name || 'Tablet PDF'}
        </Anchor>
      )}
      <FileButton accept="application/pdf" onChange={(f) => f && tablet.mutate({ id: ticket.id, file: f }, { onSuccess: () => message('Tablet PDF uploaded.', 'success'), onError: (e) => message(`Problem.  ${errorText(e)}`, 'error') })}>
        {(props) => (
          <Button {...props} size="xs" variant="default" loading={tablet.isPending}>
            {ticket.ticket_pdf_from_tablet ? 'Replace tablet PDF' : 'Upload tablet PDF'}
          </Button>
        )}
      </FileButton>
    </>
  );
}

/**
 * The ticket's sections below its fields (spec 3 "Ticket detail"): production lines, items,
 * equipment, materials, expenses and timecards (each with its files), payroll, customer data, notes,
 * damage reports with photos, photos, and the signatures.
 */
import { SimpleGrid } from '@mantine/core';
import {
  detailKeyOf,
  ticketCustomerData,
  ticketCustomerSignatures,
  ticketDamageReportPhotos,
  ticketDamageReports,
  ticketEquipment,
  ticketExpenseFiles,
  ticketExpenses,
  ticketItems,
  ticketMaterialFiles,
  ticketMaterials,
  ticketNotes,
  ticketPayroll,
  ticketPhotos,
  ticketProductions,
  ticketTimecardFiles,
  ticketTimecards,
  ticketWorkerSignatures,
  type CollectionDef,
  type Line,
} from '@trenchline/domain';
import { EditableTable } from '../../../../components/lines/EditableTable';
import { LinePanelSection, type LinePanelProps } from '../../../../components/lines/LinePanelSection';
import { UploadSection } from '../../../../components/lines/UploadSection';
import { linesOf, ticketKey, type TicketDetail } from '../../api/ticketDetailTypes';
import { ProductionSection, type ProductionEdits } from './ProductionSection';
import { SignaturesSection } from './SignaturesSection';
import { Section } from './sections';

const under = (row: Line, key: string) => (Array.isArray(row[key]) ? (row[key] as Line[]) : []);

export function TicketSections({ ticket, readOnly, productionEdits }: { ticket: TicketDetail; readOnly?: boolean; productionEdits?: ProductionEdits }) {
  const recordKey = ticketKey(ticket.id);
  const lines = (def: CollectionDef) => linesOf(ticket, detailKeyOf(def));

  const panel = (def: CollectionDef, title: string, extra: Partial<LinePanelProps> = {}) => (
    <LinePanelSection key={`${def.name}-${ticket.id}`} def={def} title={title} rows={lines(def)} parentId={ticket.id} recordKey={recordKey} detailKey={detailKeyOf(def)} savedMessage={`${def.noun} saved.`} readOnly={readOnly} {...extra} />
  );
  /** A line's files (a timecard's, a material's, an expense's) or photos (a damage report's), opened under it. */
  const uploads = (def: CollectionDef, key: 'files' | 'photos', title: string): Partial<LinePanelProps> => ({
    expand: {
      label: key === 'files' ? 'Files' : 'Photos',
      count: (r) => under(r, key).length,
      render: (r) => <UploadSection def={def} title={title} rows={under(r, key)} parentId={r.id} recordKey={recordKey} photos={key === 'photos'} readOnly={readOnly} nested />,
    },
  });

  return (
    <>
      <Section id="productions">
        <ProductionSection ticketId={ticket.id} job={ticket.job_ref_id ?? (ticket.job as string | null)} rows={lines(ticketProductions)} recordKey={recordKey} readOnly={readOnly} edits={productionEdits} />
      </Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="items">{panel(ticketItems, 'Items')}</Section>
        <Section id="equipment">{panel(ticketEquipment, 'Equipment')}</Section>
      </SimpleGrid>
      <Section id="materials">{panel(ticketMaterials, 'Materials', uploads(ticketMaterialFiles, 'files', 'Material files'))}</Section>
      <Section id="expenses">{panel(ticketExpenses, 'Expenses', uploads(ticketExpenseFiles, 'files', 'Expense files'))}</Section>
      <Section id="timecards">{panel(ticketTimecards, 'Timecards', uploads(ticketTimecardFiles, 'files', 'Timecard files'))}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="payroll">{panel(ticketPayroll, 'Payroll')}</Section>
        <Section id="customer_data">
          <EditableTable key={`customer-${ticket.id}`} def={ticketCustomerData} title="Customer data" rows={lines(ticketCustomerData)} parentId={ticket.id} recordKey={recordKey} readOnly={readOnly} />
        </Section>
      </SimpleGrid>
      <Section id="notes">
        <EditableTable key={`notes-${ticket.id}`} def={ticketNotes} title="Notes" rows={lines(ticketNotes)} parentId={ticket.id} recordKey={recordKey} readOnly={readOnly} />
      </Section>
      <Section id="damagereports">{panel(ticketDamageReports, 'Damage reports', uploads(ticketDamageReportPhotos, 'photos', 'Damage report photos'))}</Section>
      <Section id="photos">
        <UploadSection def={ticketPhotos} title="Photos" rows={lines(ticketPhotos)} parentId={ticket.id} recordKey={recordKey} photos readOnly={readOnly} />
      </Section>
      <Section id="signatures">
        <SignaturesSection ticketId={ticket.id} customer={lines(ticketCustomerSignatures)} workers={lines(ticketWorkerSignatures)} fingerprint={String(ticket.fingerprint ?? '')} recordKey={recordKey} readOnly={readOnly} />
      </Section>
    </>
  );
}

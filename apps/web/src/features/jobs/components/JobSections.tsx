/**
 * Every section of the base job detail (spec 2 section 2, docs/jobs.md "Collections"): the job's
 * lines in compact tables edited in a panel, each with the words of spec 2 section 8; lines of a
 * line open under their parent (a timesheet's timecards, a damage report's and a production's
 * photos, a work order's items and materials); photos and files with uploads; crews, assigned
 * users and the PDF bundle with their own rules.
 */
import type { ReactNode } from 'react';
import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  jobChangeOrders,
  jobCrewPayouts,
  jobDamageReportPhotos,
  jobDamageReports,
  jobGeneralFiles,
  jobInvoices,
  jobItems,
  jobIwas,
  jobLinks,
  jobMaterials,
  jobNotes,
  jobPdfBundles,
  jobPhotos,
  jobProductionPhotos,
  jobProductions,
  jobSegments,
  jobTimecards,
  jobTimesheets,
  jobWorkOrderItems,
  jobWorkOrderMaterials,
  jobWorkOrders,
  type CollectionDef,
  type Line,
} from '@trenchline/domain';
import type { QueryKey } from '@tanstack/react-query';
import { LinePanelSection, type LinePanelProps } from '../../../components/lines/LinePanelSection';
import { PdfBundleSection } from '../../../components/record/PdfBundleSection';
import { jobKey, type JobDetail, type JobLineKey } from '../api/getJob';
import { jobSectionAnchor, type JobSectionId } from '../sections';
import { AssignedUsersSection } from './sections/AssignedUsersSection';
import { CrewsSection } from './sections/CrewsSection';
import { UploadSection } from './sections/UploadSection';
import { WorkOrderPdfButton } from './sections/WorkOrderPdfButton';

/** A section of the page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: JobSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={jobSectionAnchor(id)} data-section={id} style={{ minWidth: 0 }}>
      {children}
    </Paper>
  );
}

/** A job collection shown as a line panel: its words (spec 2 section 8) and where its lines are. */
export interface LineSectionSpec {
  id: JobSectionId;
  key: JobLineKey;
  def: CollectionDef;
  title: string;
  columns?: string[];
  savedMessage: string;
  deletedMessage?: string;
  /** Spec 2 section 5: 'Sure you want to delete this?' / 'this item?' / 'this note?'. */
  confirmText: string;
}

const saved = (noun: string) => `${noun} successfully saved!`;
const ASK = 'Sure you want to delete this?';

/** The plain line sections, in page order (the browser test walks them all). */
export const LINE_SECTIONS: LineSectionSpec[] = [
  { id: 'items', key: 'items', def: jobItems, title: 'Items', savedMessage: saved('Item'), confirmText: 'Sure you want to delete this item?' },
  { id: 'change_orders', key: 'change_orders', def: jobChangeOrders, title: 'Change orders', savedMessage: saved('Change order'), confirmText: ASK },
  { id: 'crew_payouts', key: 'crew_payouts', def: jobCrewPayouts, title: 'Crew payouts', columns: ['crew_name', 'category', 'crew_payout_amount', 'status', 'paid_date'], savedMessage: saved('Crew payout'), confirmText: ASK },
  { id: 'invoices', key: 'invoices', def: jobInvoices, title: 'Invoices', columns: ['invoice_number', 'invoice_date', 'invoice_amount', 'status'], savedMessage: saved('Invoice'), confirmText: ASK },
  { id: 'segments', key: 'segments', def: jobSegments, title: 'Segments', savedMessage: 'Segment successfully saved!', confirmText: ASK },
  { id: 'productions', key: 'productions', def: jobProductions, title: 'Productions', savedMessage: 'Production successfully saved!', confirmText: ASK },
  { id: 'materials', key: 'materials', def: jobMaterials, title: 'Materials', savedMessage: 'Materials successfully saved!', deletedMessage: 'Materials successfully deleted', confirmText: 'Sure you want to delete this item?' },
  { id: 'work_orders', key: 'work_orders', def: jobWorkOrders, title: 'Work orders', savedMessage: 'Work Order successfully saved!', deletedMessage: 'Work Order successfully deleted', confirmText: ASK },
  { id: 'notes', key: 'notes', def: jobNotes, title: 'Notes', savedMessage: saved('Note'), confirmText: 'Sure you want to delete this note?' },
  { id: 'links', key: 'links', def: jobLinks, title: 'Links', savedMessage: saved('Link'), confirmText: ASK },
  { id: 'damagereports', key: 'damagereports', def: jobDamageReports, title: 'Damage reports', savedMessage: saved('Damage report'), confirmText: ASK },
  { id: 'timesheets', key: 'timesheets', def: jobTimesheets, title: 'Timesheets', savedMessage: saved('Timesheet'), confirmText: ASK },
  { id: 'iwas', key: 'iwas', def: jobIwas, title: 'IWAs', savedMessage: saved('IWA'), confirmText: ASK },
];

const spec = (id: JobSectionId) => LINE_SECTIONS.find((s) => s.id === id)!;

const under = (lines: Line[] | undefined, field: string, parentId: string) => (lines ?? []).filter((l) => String(l[field] ?? '') === parentId);

const pctText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

export function JobSections({ job, readOnly }: { job: JobDetail; readOnly?: boolean }) {
  const recordKey: QueryKey = jobKey(job.id);
  const lines = (k: JobLineKey) => job[k] ?? [];

  /** A section's line panel with the job's common props. */
  const panel = (id: JobSectionId, extra: Partial<LinePanelProps> = {}) => {
    const s = spec(id);
    return (
      <LinePanelSection
        key={`${id}-${job.id}`}
        def={s.def}
        title={s.title}
        rows={lines(s.key)}
        parentId={job.id}
        recordKey={recordKey}
        detailKey={s.key}
        columns={s.columns}
        savedMessage={s.savedMessage}
        deletedMessage={s.deletedMessage}
        confirmText={s.confirmText}
        readOnly={readOnly}
        {...extra}
      />
    );
  };

  /** Lines of a line, under their parent line: added under its id (docs/jobs.md). */
  const subPanel = (def: CollectionDef, detailKey: JobLineKey, field: string, parent: Line, title: string, savedMessage: string, confirmText = ASK) => (
    <LinePanelSection
      def={def}
      title={title}
      rows={under(job[detailKey], field, parent.id)}
      parentId={parent.id}
      recordKey={recordKey}
      detailKey={detailKey}
      addValues={{ [field]: parent.id }}
      savedMessage={savedMessage}
      confirmText={confirmText}
      readOnly={readOnly}
      nested
    />
  );

  const photosOf = (def: CollectionDef, detailKey: JobLineKey, field: string, parent: Line, title: string) => (
    <UploadSection def={def} title={title} rows={under(job[detailKey], field, parent.id)} parentId={parent.id} recordKey={recordKey} photos readOnly={readOnly} nested />
  );

  return (
    <>
      <Section id="items">{panel('items')}</Section>
      <Section id="change_orders">{panel('change_orders')}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="crew_payouts">{panel('crew_payouts')}</Section>
        <Section id="invoices">{panel('invoices')}</Section>
      </SimpleGrid>
      <Section id="segments">
        {panel('segments', {
          // The segment's own computed fields (docs/jobs.md); % complete as a badge.
          columns: jobSegments.fields.map((f) => f.name).filter((n) => !['percent_complete', 'percent_days_used', 'percent_labor_used'].includes(n)),
          extraColumns: [
            {
              key: 'percent_complete',
              label: '% complete',
              numeric: true,
              render: (r) => {
                const p = typeof r.percent_complete === 'number' ? r.percent_complete : null;
                return (
                  <Badge size="sm" variant="light" color={p === null ? 'gray' : p >= 100 ? 'teal' : p >= 50 ? 'blue' : 'orange'} data-percent={p ?? ''}>
                    {pctText(p)}
                  </Badge>
                );
              },
            },
          ],
          header: (
            <Text size="xs" c="dimmed" mb={4} data-testid="segment-summary">
              Planned {job.segment_plan_feet ?? 0} ft · produced {job.segment_total_feet ?? 0} ft · {pctText(job.segment_percent_complete)} complete
            </Text>
          ),
        })}
      </Section>
      <Section id="productions">
        {panel('productions', {
          expand: { label: 'Photos', count: (r) => under(job.job_production_photos, 'production', r.id).length, render: (r) => photosOf(jobProductionPhotos, 'job_production_photos', 'production', r, 'Production photos') },
        })}
      </Section>
      <Section id="materials">{panel('materials')}</Section>
      <Section id="work_orders">
        {panel('work_orders', {
          rowActions: (r) => <WorkOrderPdfButton id={r.id} number={r.work_order_number} />,
          expand: {
            label: 'Items & materials',
            count: (r) => under(job.job_work_order_items, 'job_work_order', r.id).length + under(job.job_work_order_materials, 'job_work_order', r.id).length,
            render: (r) => (
              <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
                {subPanel(jobWorkOrderItems, 'job_work_order_items', 'job_work_order', r, 'Work order items', 'Work order item successfully saved!', 'Sure you want to delete this item?')}
                {subPanel(jobWorkOrderMaterials, 'job_work_order_materials', 'job_work_order', r, 'Work order materials', 'Materials successfully saved!', 'Sure you want to delete this item?')}
              </SimpleGrid>
            ),
          },
        })}
      </Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="crews">
          <CrewsSection jobId={job.id} recordKey={recordKey} rows={lines('crews')} segments={lines('segments')} readOnly={readOnly} />
        </Section>
        <Section id="assign_users">
          <AssignedUsersSection jobId={job.id} recordKey={recordKey} rows={lines('assign_users')} readOnly={readOnly} />
        </Section>
      </SimpleGrid>
      <Section id="notes">{panel('notes')}</Section>
      <Section id="links">{panel('links')}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="photos">
          <UploadSection def={jobPhotos} title="Photos" rows={lines('files')} parentId={job.id} recordKey={recordKey} photos readOnly={readOnly} />
        </Section>
        <Stack gap="xs">
          <Section id="general_files">
            <UploadSection def={jobGeneralFiles} title="General files" rows={lines('general_files')} parentId={job.id} recordKey={recordKey} readOnly={readOnly} />
          </Section>
          <Section id="pdf_bundle">
            <PdfBundleSection def={jobPdfBundles} parentId={job.id} recordKey={recordKey} files={lines('pdf_bundles')} readOnly={readOnly} title="PDF bundle" />
          </Section>
        </Stack>
      </SimpleGrid>
      <Section id="damagereports">
        {panel('damagereports', {
          expand: { label: 'Photos', count: (r) => under(job.job_damage_report_photos, 'damage_report', r.id).length, render: (r) => photosOf(jobDamageReportPhotos, 'job_damage_report_photos', 'damage_report', r, 'Damage report photos') },
        })}
      </Section>
      <Section id="timesheets">
        {panel('timesheets', {
          expand: { label: 'Timecards', count: (r) => under(job.job_timecards, 'job_timesheet', r.id).length, render: (r) => subPanel(jobTimecards, 'job_timecards', 'job_timesheet', r, 'Timecards', 'Timecard successfully saved!') },
        })}
      </Section>
      <Section id="iwas">{panel('iwas')}</Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        <Section id="locates">
          <Later title="Locates" />
        </Section>
        <Section id="tickets">
          <Later title="Tickets" />
        </Section>
      </SimpleGrid>
    </>
  );
}

/** Locates and tickets are their own issue: said plainly, no fake table. */
function Later({ title }: { title: string }) {
  return (
    <section aria-label={title}>
      <Title order={5} mb={2}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {title} of this job come with the tickets-and-locates issue.
      </Text>
    </section>
  );
}

/**
 * Every section of the base job detail (spec 2 section 2, docs/jobs.md "Collections"): the job's
 * lines in compact tables edited in a panel, each with the words of spec 2 section 8; lines of a
 * line open under their parent (a timesheet's timecards, a damage report's and a production's
 * photos, a work order's items and materials); photos and files with uploads; crews, assigned
 * users and the PDF bundle with their own rules.
 */
import type { ReactNode } from 'react';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { collectionForFormType, detailKeyOf, jobDamageReportPhotos, jobProductionPhotos, jobSegments, jobTimecards, jobWorkOrderItems, jobWorkOrderMaterials, type CollectionDef, type Line } from '@trenchline/domain';
import type { QueryKey } from '@tanstack/react-query';
import { LinePanelSection, type LinePanelProps } from '../../../components/lines/LinePanelSection';
import { PdfBundleSection } from '../../../components/record/PdfBundleSection';
import { Section as RecordSection } from '../../../components/record/Section';
import { Slot } from '../../../components/slots/slots';
import { useCan } from '../../auth';
import { jobKey, type JobDetail } from '../api/getJob';
import { JOB_SECTIONS, jobLines, jobSectionAnchor, type JobSectionId } from '../sections';
import { AssignedUsersSection } from './sections/AssignedUsersSection';
import { CrewsSection } from './sections/CrewsSection';
import { UploadSection } from '../../../components/lines/UploadSection';
import { WorkOrderPdfButton } from './sections/WorkOrderPdfButton';

/** A section of the page, with the anchor the section bar scrolls to. */
export const Section = ({ id, children }: { id: JobSectionId; children: ReactNode }) => (
  <RecordSection id={id} anchor={jobSectionAnchor}>
    {children}
  </RecordSection>
);

/** The words of a line section (spec 2 section 8) where they are not '<Noun> successfully saved!' and 'Sure you want to delete this?'. */
interface SectionWords {
  columns?: string[];
  savedMessage?: string;
  deletedMessage?: string;
  /** Spec 2 section 5: 'Sure you want to delete this?' / 'this item?' / 'this note?'. */
  confirmText?: string;
}

const ASK = 'Sure you want to delete this?';
const ASK_ITEM = 'Sure you want to delete this item?';

const WORDS: Record<JobSectionId, SectionWords> = {
  items: { confirmText: ASK_ITEM },
  crew_payouts: { columns: ['crew_name', 'category', 'crew_payout_amount', 'status', 'paid_date'] },
  invoices: { columns: ['invoice_number', 'invoice_date', 'invoice_amount', 'status'] },
  materials: { savedMessage: 'Materials successfully saved!', deletedMessage: 'Materials successfully deleted', confirmText: ASK_ITEM },
  work_orders: { deletedMessage: 'Work Order successfully deleted' },
  notes: { confirmText: 'Sure you want to delete this note?' },
};

/** A job collection shown as a line panel: its words (spec 2 section 8) and where its lines are. */
export interface LineSectionSpec {
  id: JobSectionId;
  key: string;
  def: CollectionDef;
  title: string;
  columns?: string[];
  savedMessage: string;
  deletedMessage?: string;
  confirmText: string;
}

/** 'Item successfully saved!'; the noun as declared ('Work Order', 'IWA'). */
const saved = (noun: string) => `${noun[0].toUpperCase()}${noun.slice(1)} successfully saved!`;

/** Collection sections with a component of their own: uploads, and crews (a known crew only, spec 2). */
const ownSection = (def: CollectionDef) => Boolean(def.upload) || def.name === 'job_crews';

/** The plain line sections, in page order (the browser test walks them all). */
export const LINE_SECTIONS: LineSectionSpec[] = JOB_SECTIONS.filter((s) => s.def && !ownSection(s.def)).map(({ id, label, def }) => {
  const w = WORDS[id] ?? {};
  return { id, key: detailKeyOf(def!), def: def!, title: label, columns: w.columns, savedMessage: w.savedMessage ?? saved(def!.noun), deletedMessage: w.deletedMessage, confirmText: w.confirmText ?? ASK };
});

const spec = (id: JobSectionId) => LINE_SECTIONS.find((s) => s.id === id)!;

/** The collection a section shows. */
const defOf = (id: JobSectionId) => JOB_SECTIONS.find((s) => s.id === id)!.def!;

const under = (lines: Line[] | undefined, field: string, parentId: string) => (lines ?? []).filter((l) => String(l[field] ?? '') === parentId);

const pctText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`);

/**
 * The job's line panels with its common props (the base page, and the ORCA pages: a task's page
 * passes the job narrowed to the task's lines and `addValues` { job_task } so new lines are the task's).
 * Line statuses offer the lists of the job's form type (materials, invoices, permits: ORCA or base).
 */
export function jobPanels(job: JobDetail, { readOnly, addValues }: { readOnly?: boolean; addValues?: Record<string, unknown> } = {}) {
  const recordKey: QueryKey = jobKey(job.id);
  const lines = (k: string) => jobLines(job, k);
  const shown = (def: CollectionDef) => collectionForFormType(def, job.form_type);

  /** A collection section's line panel: its words (spec 2 section 8), its lines. */
  const panel = (s: LineSectionSpec, extra: Partial<LinePanelProps> = {}) => (
    <LinePanelSection
      key={`${s.id}-${job.id}`}
      def={shown(s.def)}
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
      addValues={addValues}
      {...extra}
    />
  );

  /** A line's own lines (its registry `parentLine`): the field naming the parent line, and the lines under it. */
  const childrenOf = (def: CollectionDef, parent: Line) => under(lines(detailKeyOf(def)), def.parentLine!.field, parent.id);

  /** Lines of a line, under their parent line: added under its id (docs/jobs.md). */
  const subPanel = (def: CollectionDef, parent: Line, title: string, savedMessage: string, confirmText = ASK) => (
    <LinePanelSection
      def={shown(def)}
      title={title}
      rows={childrenOf(def, parent)}
      parentId={parent.id}
      recordKey={recordKey}
      detailKey={detailKeyOf(def)}
      addValues={{ [def.parentLine!.field]: parent.id }}
      savedMessage={savedMessage}
      confirmText={confirmText}
      readOnly={readOnly}
      nested
    />
  );

  const photosOf = (def: CollectionDef, parent: Line, title: string) => (
    <UploadSection def={def} title={title} rows={childrenOf(def, parent)} parentId={parent.id} recordKey={recordKey} photos readOnly={readOnly} nested />
  );

  /** The panel props of a damage report's photos and a timesheet's timecards (both pages show them). */
  const damageReportPhotos: Partial<LinePanelProps> = {
    expand: { label: 'Photos', count: (r) => childrenOf(jobDamageReportPhotos, r).length, render: (r) => photosOf(jobDamageReportPhotos, r, 'Damage report photos') },
  };
  const timecards: Partial<LinePanelProps> = {
    expand: { label: 'Timecards', count: (r) => childrenOf(jobTimecards, r).length, render: (r) => subPanel(jobTimecards, r, 'Timecards', 'Timecard successfully saved!') },
  };

  return { recordKey, lines, panel, childrenOf, subPanel, photosOf, damageReportPhotos, timecards };
}

/** The line section of a job collection, by its registry name, with the base page's words. */
export const lineSectionOf = (collection: string) => {
  const s = LINE_SECTIONS.find((x) => x.def.name === collection);
  if (!s) throw new Error(`${collection} is not a line section of the job page`);
  return s;
};

export function JobSections({ job, readOnly }: { job: JobDetail; readOnly?: boolean }) {
  const { recordKey, lines, panel: panelOf, childrenOf, subPanel, photosOf, damageReportPhotos, timecards } = jobPanels(job, { readOnly });
  /** A collection section's lines. */
  const linesIn = (id: JobSectionId) => lines(detailKeyOf(defOf(id)));
  const panel = (id: JobSectionId, extra: Partial<LinePanelProps> = {}) => panelOf(spec(id), extra);
  // A field user reads no money or payroll lines (docs/roles.md): their sections are left out, not shown empty.
  const can = useCan();
  const reads = (id: JobSectionId) => can({ readLines: defOf(id).name });

  return (
    <>
      {reads('items') && (
        <>
          <Section id="items">{panel('items')}</Section>
          <Section id="change_orders">{panel('change_orders')}</Section>
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
            <Section id="crew_payouts">{panel('crew_payouts')}</Section>
            <Section id="invoices">{panel('invoices')}</Section>
          </SimpleGrid>
        </>
      )}
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
          // The API's warning for production on a segment whose locates have expired (never a refusal).
          warningOf: (answer) => (typeof answer.locate_warning === 'string' ? answer.locate_warning : null),
          expand: { label: 'Photos', count: (r) => childrenOf(jobProductionPhotos, r).length, render: (r) => photosOf(jobProductionPhotos, r, 'Production photos') },
        })}
      </Section>
      <Section id="materials">{panel('materials')}</Section>
      <Section id="work_orders">
        {panel('work_orders', {
          rowActions: (r) => <WorkOrderPdfButton id={r.id} number={r.work_order_number} />,
          expand: {
            label: 'Items & materials',
            count: (r) => childrenOf(jobWorkOrderItems, r).length + childrenOf(jobWorkOrderMaterials, r).length,
            render: (r) => (
              <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
                {subPanel(jobWorkOrderItems, r, 'Work order items', 'Work order item successfully saved!', 'Sure you want to delete this item?')}
                {subPanel(jobWorkOrderMaterials, r, 'Work order materials', 'Materials successfully saved!', 'Sure you want to delete this item?')}
              </SimpleGrid>
            ),
          },
        })}
      </Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="crews">
          <CrewsSection jobId={job.id} recordKey={recordKey} rows={linesIn('crews')} segments={linesIn('segments')} readOnly={readOnly} />
        </Section>
        <Section id="assign_users">
          <AssignedUsersSection jobId={job.id} recordKey={recordKey} rows={lines('assign_users')} readOnly={readOnly} />
        </Section>
      </SimpleGrid>
      <Section id="notes">{panel('notes')}</Section>
      <Section id="links">{panel('links')}</Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="photos">
          <UploadSection def={defOf('photos')} title="Photos" rows={linesIn('photos')} parentId={job.id} recordKey={recordKey} photos readOnly={readOnly} />
        </Section>
        <Stack gap="xs">
          <Section id="general_files">
            <UploadSection def={defOf('general_files')} title="General files" rows={linesIn('general_files')} parentId={job.id} recordKey={recordKey} readOnly={readOnly} />
          </Section>
          <Section id="pdf_bundle">
            <PdfBundleSection def={defOf('pdf_bundle')} parentId={job.id} recordKey={recordKey} files={linesIn('pdf_bundle')} readOnly={readOnly} title="PDF bundle" />
          </Section>
        </Stack>
      </SimpleGrid>
      <Section id="damagereports">
        {panel('damagereports', damageReportPhotos)}
      </Section>
      {reads('timesheets') && <Section id="timesheets">{panel('timesheets', timecards)}</Section>}
      <Section id="iwas">{panel('iwas')}</Section>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        <Section id="locates">
          <Slot name="jobLocates" props={{ of: { jobId: job.id, jobNumber: job.account_job_number ?? null }, readOnly }} />
        </Section>
        <Section id="tickets">
          <Slot name="jobTickets" props={{ of: { jobId: job.id, jobNumber: job.account_job_number ?? null }, readOnly }} />
        </Section>
      </SimpleGrid>
    </>
  );
}

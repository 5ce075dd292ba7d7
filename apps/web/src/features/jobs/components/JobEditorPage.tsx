import type { ComponentProps, ReactNode } from 'react';
import { RecordEditorPage, type EditorFormProps } from '../../../components/record/RecordEditorPage';
import { jobRecord, type JobDetail } from '../api/getJob';
import { jobFieldLabel } from '../fields';
import { JobTitle } from './JobDetailHeader';
import { useJobEditor } from './useJobEditor';

type JobEditor = ReturnType<typeof useJobEditor>;

interface Props extends Pick<ComponentProps<typeof RecordEditorPage>, 'sections' | 'onJump' | 'extra'> {
  job: JobDetail;
  onAsOf: (iso: string) => void;
  /** What a delete says and where it goes, and (ORCA) what a failed save says. */
  options: Parameters<typeof useJobEditor>[1];
  children: (formProps: EditorFormProps<JobEditor>) => ReactNode;
}

/** A job's editor page, base or ORCA alike: the job's editor, title and actions; each kind gives its sections, totals and form. */
export function JobEditorPage({ job, onAsOf, options, sections, onJump, extra, children }: Props) {
  const editor = useJobEditor(job, options);
  return (
    <RecordEditorPage
      editor={editor}
      noun="job"
      area="/job/"
      record={job}
      recordRef={jobRecord(job.id)}
      fieldLabel={jobFieldLabel}
      onAsOf={onAsOf}
      title={<JobTitle job={job} />}
      sections={sections}
      onJump={onJump}
      label="Job sections"
      extra={extra}
    >
      {children}
    </RecordEditorPage>
  );
}

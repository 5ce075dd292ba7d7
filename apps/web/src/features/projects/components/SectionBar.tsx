import type { ReactNode } from 'react';
import { SectionBar as RecordSectionBar } from '../../../components/record/SectionBar';
import { PROJECT_SECTIONS, scrollToSection, type ProjectSectionId } from '../sections';

/** The project's title line and actions, with a jump button per section; a jump leaves 150 px above the section (spec 1 section 9). */
export function SectionBar({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <RecordSectionBar title={title} sections={PROJECT_SECTIONS} onJump={(id) => scrollToSection(id as ProjectSectionId)} label="Project sections">
      {children}
    </RecordSectionBar>
  );
}

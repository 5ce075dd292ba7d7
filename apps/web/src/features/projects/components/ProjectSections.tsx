import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { projectContacts, projectCustomers, projectFiles, projectLocations, projectNotes } from '@trenchline/domain';
import { linesOf, RecordLineTable } from '../../../components/lines/RecordLineTable';
import { PdfBundleSection } from '../../../components/record/PdfBundleSection';
import { projectKey, type ProjectDetail } from '../api/types';
import { sectionAnchor, type ProjectSectionId } from '../sections';
import { LinePanelSection } from '../../../components/lines/LinePanelSection';

/** A section of the page, with the anchor the section bar scrolls to. */
export function Section({ id, children }: { id: ProjectSectionId; children: ReactNode }) {
  return (
    <Paper withBorder p="xs" id={sectionAnchor(id)}>
      {children}
    </Paper>
  );
}

/** The project's lines: customers, locations, contacts, notes and its PDF bundle. */
export function ProjectSections({ project, readOnly }: { project: ProjectDetail; readOnly?: boolean }) {
  const lines = linesOf(project.id, projectKey(project.id), readOnly);
  return (
    <>
      <Section id="customers">
        <RecordLineTable {...lines} def={projectCustomers} title="Customers" rows={project.customers} />
      </Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="locations">
          <LinePanelSection
            {...lines}
            def={projectLocations}
            title="Locations"
            detailKey="locations"
            addValues={{ project: project.id }}
            rows={project.locations ?? []}
            columns={['name', 'address', 'city', 'state']}
            savedMessage="Location successfully saved!"
          />
        </Section>
        <Section id="contacts">
          <LinePanelSection
            {...lines}
            def={projectContacts}
            title="Contacts"
            detailKey="contacts"
            addValues={{ project: project.id }}
            rows={project.contacts ?? []}
            columns={['name', 'company', 'phone', 'email']}
            savedMessage="Contact successfully saved!"
          />
        </Section>
      </SimpleGrid>
      <Section id="notes">
        <RecordLineTable {...lines} def={projectNotes} title="Notes" rows={project.notes} />
      </Section>
      <Section id="files">
        <Title order={5} mb={4}>
          Files
        </Title>
        <PdfBundleSection {...lines} def={projectFiles} files={project.files ?? []} wide />
      </Section>
    </>
  );
}

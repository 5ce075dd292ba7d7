import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { projectContacts, projectCustomers, projectFiles, projectLocations, projectNotes } from '@trenchline/domain';
import { EditableTable } from '../../../components/lines/EditableTable';
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
  const recordKey = projectKey(project.id);
  return (
    <>
      <Section id="customers">
        <EditableTable
          key={`customers-${project.id}`}
          def={projectCustomers}
          title="Customers"
          rows={project.customers ?? []}
          parentId={project.id}
          recordKey={recordKey}
          readOnly={readOnly}
        />
      </Section>
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="xs">
        <Section id="locations">
          <LinePanelSection
            def={projectLocations}
            title="Locations"
            detailKey="locations"
            parentId={project.id}
            recordKey={recordKey}
            addValues={{ project: project.id }}
            rows={project.locations ?? []}
            columns={['name', 'address', 'city', 'state']}
            savedMessage="Location successfully saved!"
            readOnly={readOnly}
          />
        </Section>
        <Section id="contacts">
          <LinePanelSection
            def={projectContacts}
            title="Contacts"
            detailKey="contacts"
            parentId={project.id}
            recordKey={recordKey}
            addValues={{ project: project.id }}
            rows={project.contacts ?? []}
            columns={['name', 'company', 'phone', 'email']}
            savedMessage="Contact successfully saved!"
            readOnly={readOnly}
          />
        </Section>
      </SimpleGrid>
      <Section id="notes">
        <EditableTable
          key={`notes-${project.id}`}
          def={projectNotes}
          title="Notes"
          rows={project.notes ?? []}
          parentId={project.id}
          recordKey={recordKey}
          readOnly={readOnly}
        />
      </Section>
      <Section id="files">
        <Title order={5} mb={4}>
          Files
        </Title>
        <PdfBundleSection def={projectFiles} parentId={project.id} recordKey={recordKey} files={project.files ?? []} readOnly={readOnly} wide />
      </Section>
    </>
  );
}

/** The organization list's own button: New organization (asked, made, then opened); Delete and Archive are components/record/DeleteArchiveButtons. */
import { SALES_TYPES } from '@trenchline/domain';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewRecordForm } from '../../../components/record/NewRecordDialog';
import { useCreateOrganization } from '../api/calls';
import { salesPath } from '../api/types';

/** What New organization asks: its name, type (a Lead when left empty) and how to reach it. */
export const NEW_ORGANIZATION: NewRecordForm = {
  label: 'New organization',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'org_type', label: 'Type', kind: 'choice', choices: SALES_TYPES },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'email', label: 'Email', kind: 'text' },
  ],
};

/** New organization: its dialog, then made and opened. */
export const NewOrganizationButton = () => <NewRecordButton area="/sales/" form={NEW_ORGANIZATION} create={useCreateOrganization()} pathOf={(o) => salesPath(o.id)} />;

/** The organization list's own button: New organization (made, then opened); Delete and Archive are components/record/DeleteArchiveButtons. */
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import { useCreateOrganization } from '../api/calls';
import { salesPath } from '../api/types';

/** New organization: a Lead, New, opened at once to name it. */
export const NewOrganizationButton = () => <NewRecordButton label="New organization" create={useCreateOrganization()} pathOf={(o) => salesPath(o.id)} />;

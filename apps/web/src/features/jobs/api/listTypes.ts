import { useFormTypes, type FormType } from '../../../components/record/formTypes';

/** A form type of the job screens (GET /api/settings/form_types/?nav=job). */
export type { FormType };

export const useJobFormTypes = () => useFormTypes('job');

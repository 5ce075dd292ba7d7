/** What the app shell uses of jobs: their routes; and what a ticket's lines share with a job's: the photo and file uploads, and the CIBE range selection. */
export { jobRoutes } from './routes';
export { UploadSection } from './components/sections/UploadSection';
export { clickRow, declineRange, NO_CIBE_SELECTION, selectRange, selectedIds, type CibeSelection } from './orca/cibeSelection';

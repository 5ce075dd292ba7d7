import type { ReactNode } from 'react';
import { RecordDetailPage, type RecordDetailDeclaration } from './RecordDetailPage';

/**
 * An area's detail page: RecordDetailPage given the area's declaration, its live editor and its
 * page as the record stood (read-only). Every area's page is this, so it says only those three.
 */
export function declaredDetailPage<D>(of: RecordDetailDeclaration<D>, editor: (record: D, onAsOf: (iso: string) => void) => ReactNode, past: (record: D) => ReactNode) {
  const Page = () => <RecordDetailPage of={of} editor={editor} past={past} />;
  Page.displayName = `RecordDetailPage(${of.noun})`;
  return Page;
}

import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function ApiDocsPage() {
  return <Page title={tr.pages.apiDocs} />;
}

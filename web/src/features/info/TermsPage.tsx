import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function TermsPage() {
  return <Page title={tr.pages.terms} />;
}

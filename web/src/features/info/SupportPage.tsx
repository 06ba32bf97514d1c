import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function SupportPage() {
  return <Page title={tr.pages.support} />;
}

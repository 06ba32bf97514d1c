import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function ContactPage() {
  return <Page title={tr.pages.contact} />;
}

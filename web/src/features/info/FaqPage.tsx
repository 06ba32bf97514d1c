import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function FaqPage() {
  return <Page title={tr.pages.faq} />;
}

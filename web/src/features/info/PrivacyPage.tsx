import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function PrivacyPage() {
  return <Page title={tr.pages.privacy} />;
}

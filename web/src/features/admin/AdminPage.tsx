import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function AdminPage() {
  return <Page title={tr.pages.admin} />;
}

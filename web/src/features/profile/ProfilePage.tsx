import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function ProfilePage() {
  return <Page title={tr.pages.profile} />;
}

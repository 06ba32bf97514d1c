import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function SettingsPage() {
  return <Page title={tr.pages.settings} />;
}

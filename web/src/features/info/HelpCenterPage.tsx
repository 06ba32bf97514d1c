import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function HelpCenterPage() {
  return <Page title={tr.pages.helpCenter} />;
}

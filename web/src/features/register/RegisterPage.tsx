import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function RegisterPage() {
  return <Page title={tr.pages.register} />;
}

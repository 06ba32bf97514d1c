import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function BlogPage() {
  return <Page title={tr.pages.blog} />;
}

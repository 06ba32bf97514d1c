import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

export function FeedPage() {
  return <Page title={tr.pages.feed} />;
}

import { useParams } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { Page } from '../../layout/Page';

/** /s/:shortUrl — the short code is case-sensitive and reaches the page exactly as typed. */
export function SharedPollPage() {
  const { shortUrl = '' } = useParams();
  return <Page title={tr.pages.sharedPoll} data-short-url={shortUrl} />;
}

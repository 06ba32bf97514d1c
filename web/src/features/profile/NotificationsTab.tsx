import { Link } from 'react-router-dom';
import { tr } from '../../i18n/tr';
import { trProfile } from '../../i18n/tr-profile';
import { relativeTime } from '../../lib/time';
import { useNotificationsQuery } from '../notifications/notificationsApi';
import { Empty, Item, List, Meta } from './PollList';

/** The member's latest notifications; a link such as `/profil?anket=…` opens that poll on this page. */
export function NotificationsTab() {
  const { data, isLoading, isError } = useNotificationsQuery();
  if (isLoading) return <Empty>{trProfile.profile.loading}</Empty>;
  if (isError || !data) return <Empty role="alert">{tr.notifications.loadFailed}</Empty>;
  if (data.length === 0) return <Empty>{tr.notifications.empty}</Empty>;
  return (
    <List>
      {data.map((n) => (
        <Item key={n.id}>
          {n.link ? <Link to={n.link}>{n.message}</Link> : <p>{n.message}</p>}
          <Meta>
            <time dateTime={n.createdAt}>{relativeTime(n.createdAt)}</time>
          </Meta>
        </Item>
      ))}
    </List>
  );
}

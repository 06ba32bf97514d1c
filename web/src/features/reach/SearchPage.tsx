import { searchQueryProblem } from '@meydan/proto';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trReach } from '../../i18n/tr-reach';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { nameOf } from '../../lib/avatar';
import { Avatar } from '../../ui/Avatar';
import { Pager } from '../../ui/Pager';
import { Spinner } from '../../ui/Spinner';
import { PollCard } from '../polls/PollCard';
import { useSearchQuery, useTagPollsQuery, useTrendingTagsQuery } from './reachApi';

const t = trReach.search;
const PAGE_SIZE = 10;

/** /ara?q=…&tur=uyeler&sayfa=2 — polls and members, Turkish-aware, page by page. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const type = params.get('tur') === 'uyeler' ? 'users' : 'polls';
  const page = Math.max(1, Number(params.get('sayfa')) || 1);
  const [draft, setDraft] = useState(q);
  const problem = q ? searchQueryProblem(q) : null;
  const { data, error, isFetching } = useSearchQuery({ q, type, page }, { skip: !q || problem !== null });

  const go = (next: { q?: string; type?: 'polls' | 'users'; page?: number }) => {
    const out = new URLSearchParams();
    out.set('q', next.q ?? q);
    if ((next.type ?? type) === 'users') out.set('tur', 'uyeler');
    if ((next.page ?? 1) > 1) out.set('sayfa', String(next.page));
    setParams(out);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };

  return (
    <Page title={q ? t.resultsFor(q) : t.title}>
      <Form role="search" onSubmit={submit}>
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          aria-label={t.label}
          maxLength={100}
        />
        <Button $variant="primary" type="submit">
          {t.submit}
        </Button>
      </Form>
      <Tabs role="group" aria-label={t.tabs}>
        <Button aria-pressed={type === 'polls'} onClick={() => go({ type: 'polls' })}>
          {t.polls}
        </Button>
        <Button aria-pressed={type === 'users'} onClick={() => go({ type: 'users' })}>
          {t.users}
        </Button>
      </Tabs>
      {!q ? <Muted>{t.prompt}</Muted> : null}
      {problem ? <Muted role="alert">{problem}</Muted> : null}
      {error ? <Muted role="alert">{apiErrorMessage(error) ?? t.failed}</Muted> : null}
      {isFetching && !data ? <Spinner withText /> : null}
      {data && q && !problem ? (
        <>
          <Muted role="status">{t.count(data.totalCount)}</Muted>
          {data.totalCount === 0 ? <Muted>{t.empty}</Muted> : null}
          {type === 'polls' ? (
            <List data-search-polls>
              {data.polls.map((poll) => (
                <PollCard key={poll.id} poll={poll} />
              ))}
            </List>
          ) : (
            <People data-search-users>
              {data.users.map((user) => (
                <li key={user.id}>
                  <Link to={`/profil/${encodeURIComponent(user.username)}`}>
                    <Avatar name={nameOf(user)} src={user.avatarUrl} size="sm" decorative />
                    <span>
                      <strong>{nameOf(user)}</strong> <small>@{user.username}</small>
                    </span>
                  </Link>
                </li>
              ))}
            </People>
          )}
          <Pager page={page} pages={Math.ceil(data.totalCount / PAGE_SIZE)} onPage={(next) => go({ page: next })} />
        </>
      ) : null}
    </Page>
  );
}

/** /etiket/:tag — the polls that carry #tag, newest first. */
export function TagPage() {
  const { tag = '' } = useParams();
  const [page, setPage] = useState(1);
  const { data, error } = useTagPollsQuery({ tag, page });
  return (
    <Page title={t.tagTitle(tag)}>
      <Muted>{t.tagIntro}</Muted>
      {error ? <Muted role="alert">{apiErrorMessage(error) ?? t.failed}</Muted> : null}
      {!data && !error ? <Spinner withText /> : null}
      {data ? (
        <>
          {data.totalCount === 0 ? <Muted>{t.tagEmpty}</Muted> : null}
          <List data-tag-polls>
            {data.polls.map((poll) => (
              <PollCard key={poll.id} poll={poll} />
            ))}
          </List>
          <Pager page={page} pages={Math.ceil(data.totalCount / PAGE_SIZE)} onPage={setPage} />
        </>
      ) : null}
    </Page>
  );
}

/** 'Gündem' beside the feed: the most used hashtags of the last 24 hours. */
export function TrendingTags() {
  const { data } = useTrendingTagsQuery();
  if (!data) return null;
  return (
    <Box aria-labelledby="gundem-title" data-trending-tags>
      <h2 id="gundem-title">{t.trending}</h2>
      {data.tags.length === 0 ? (
        <Muted>{t.trendingEmpty}</Muted>
      ) : (
        <ol>
          {data.tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link to={`/etiket/${encodeURIComponent(tag)}`}>#{tag}</Link> <small>{t.trendingCount(count)}</small>
            </li>
          ))}
        </ol>
      )}
    </Box>
  );
}

const Form = styled.form`
  display: flex;
  gap: 0.5rem;

  input {
    flex: 1;
    padding: 0.55rem 0.75rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: 0.5rem;

  button[aria-pressed='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const People = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  a { display: flex; align-items: center; gap: 0.75rem; color: inherit; text-decoration: none; padding: 0.5rem; border-radius: ${({ theme }) => theme.radii.md}; }
  a:hover, a:focus-visible { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 { font-size: 1.125rem; font-weight: 750; }
  ol { padding-left: 1.25rem; display: flex; flex-direction: column; gap: 0.35rem; }
  a { color: ${({ theme }) => theme.colors.primary}; font-weight: 700; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { matchesSearch } from '../../lib/search';
import { Modal } from '../../ui/Modal';
import { helpCategories } from './content/help';
import type { HelpArticle } from './content/types';
import { ActionRow, Card, CardGrid, Intro, Muted, Prose, SearchField, TextBlocks } from './parts';

const text = trInfo.info.help;

const flatten = (article: HelpArticle) =>
  article.body.map((block) => (typeof block === 'string' ? block : block.list.join(' '))).join(' ');

export function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<HelpArticle | null>(null);

  const categories = useMemo(
    () =>
      helpCategories
        .map((category) => ({
          ...category,
          articles: category.articles.filter((article) =>
            matchesSearch(query, category.title, article.title, article.summary, flatten(article)),
          ),
        }))
        .filter((category) => category.articles.length > 0),
    [query],
  );
  const found = categories.reduce((sum, category) => sum + category.articles.length, 0);

  return (
    <Page title={tr.pages.helpCenter}>
      <Intro>{text.intro}</Intro>
      <SearchField
        label={text.searchLabel}
        placeholder={text.searchPlaceholder}
        value={query}
        onChange={setQuery}
        status={query.trim() ? text.results(found) : null}
      />
      {categories.length === 0 ? (
        <Card>
          <h2>{text.noResults}</h2>
          <Muted>{text.noResultsHint}</Muted>
        </Card>
      ) : (
        <CardGrid $min="24rem">
          {categories.map((category) => (
            <Card key={category.id} aria-labelledby={`help-${category.id}`}>
              <h2 id={`help-${category.id}`}>{category.title}</h2>
              <Muted>{category.description}</Muted>
              <Articles>
                {category.articles.map((article) => (
                  <li key={article.id}>
                    <ArticleButton type="button" onClick={() => setOpen(article)}>
                      <strong>{article.title}</strong>
                      <span>{article.summary}</span>
                    </ArticleButton>
                  </li>
                ))}
              </Articles>
            </Card>
          ))}
        </CardGrid>
      )}
      <Card aria-labelledby="help-more">
        <h2 id="help-more">{text.stillNeedHelp}</h2>
        <Muted>{text.stillNeedHelpText}</Muted>
        <ActionRow>
          <ButtonLink to="/iletisim" $variant="primary">
            {trInfo.info.toContact}
          </ButtonLink>
          <ButtonLink to="/">{trInfo.info.backHome}</ButtonLink>
        </ActionRow>
      </Card>
      <Modal
        open={open !== null}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={open?.title ?? ''}
        width="38rem"
        name="help-article"
      >
        {open ? (
          <Prose>
            <TextBlocks blocks={open.body} />
          </Prose>
        ) : null}
      </Modal>
    </Page>
  );
}

const Articles = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ArticleButton = styled.button`
  display: flex;
  flex-direction: column;
  gap: 0.15rem;
  width: 100%;
  padding: 0.6rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  text-align: left;
  cursor: pointer;

  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

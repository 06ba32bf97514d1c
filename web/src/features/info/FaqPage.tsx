import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { matchesSearch } from '../../lib/search';
import { faqCategories } from './content/faq';
import { Card, Intro, Muted, SearchField } from './parts';

const text = trInfo.info.faq;

export function FaqPage() {
  const [query, setQuery] = useState('');
  const categories = useMemo(
    () =>
      faqCategories
        .map((category) => ({
          ...category,
          items: category.items.filter((item) => matchesSearch(query, item.question, item.answer)),
        }))
        .filter((category) => category.items.length > 0),
    [query],
  );
  const found = categories.reduce((sum, category) => sum + category.items.length, 0);

  return (
    <Page title={tr.pages.faq}>
      <Intro>{text.intro}</Intro>
      <SearchField
        label={text.searchLabel}
        placeholder={text.searchPlaceholder}
        value={query}
        onChange={setQuery}
        status={query.trim() && found > 0 ? text.results(found) : null}
      />
      {categories.length === 0 ? (
        <Card>
          <h2>{text.noResults}</h2>
          <Muted>{text.noResultsHint}</Muted>
          <div>
            <ButtonLink to="/iletisim" $variant="primary">
              {text.contactButton}
            </ButtonLink>
          </div>
        </Card>
      ) : (
        categories.map((category) => (
          <Group key={category.id} aria-labelledby={`faq-${category.id}`}>
            <h2 id={`faq-${category.id}`}>{category.title}</h2>
            <Items>
              {category.items.map((item) => (
                <li key={item.question}>
                  <details open={query.trim() !== ''}>
                    <summary>{item.question}</summary>
                    <p>{item.answer}</p>
                  </details>
                </li>
              ))}
            </Items>
          </Group>
        ))
      )}
      <Card aria-labelledby="faq-contact">
        <h2 id="faq-contact">{text.contactTitle}</h2>
        <Muted>{text.contactText}</Muted>
        <div>
          <ButtonLink to="/iletisim" $variant="primary">
            {trInfo.info.toContact}
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}

const Group = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;

  h2 { font-size: 1.2rem; font-weight: 800; }
`;

const Items = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;

  details {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
  }
  summary {
    padding: 0.8rem 1rem;
    font-weight: 600;
    cursor: pointer;
  }
  summary:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  details p {
    padding: 0 1rem 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.6;
  }
`;

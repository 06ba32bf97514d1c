import type { ReactNode } from 'react';
import styled from 'styled-components';
import { trInfo } from '../../i18n/tr-info';
import { Page } from '../../ui/Page';
import { formatDay } from '../../lib/time';
import type { LegalDocument } from './content/types';
import { Intro, Prose, TextBlocks } from './parts';

/** A legal text: its fixed last-changed date, a table of contents and its sections; `extra` goes after the intro. */
export function LegalPage({ document, extra }: { document: LegalDocument; extra?: ReactNode }) {
  return (
    <Page title={document.title}>
      <Changed>{trInfo.info.lastChanged(formatDay(document.lastChanged))}</Changed>
      <Intro>{document.intro}</Intro>
      <Contents aria-label={trInfo.info.contents}>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </Contents>
      {extra}
      <Prose>
        {document.sections.map((section) => (
          <Section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            <Prose>
              <TextBlocks blocks={section.blocks} />
            </Prose>
          </Section>
        ))}
      </Prose>
    </Page>
  );
}

const Section = styled.section`
  h2 { scroll-margin-top: 5rem; }
`;

const Changed = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  margin-top: -0.5rem;
`;

const Contents = styled.nav`
  max-width: 46rem;
  padding: 1rem 1.25rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  ol { display: grid; gap: 0.3rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); margin: 0; padding-left: 1.25rem; }
  a { color: ${({ theme }) => theme.colors.text}; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
`;

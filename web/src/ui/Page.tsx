import { useEffect, type ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';
import { tr } from '../i18n/tr';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;

  h1 {
    font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem);
    font-weight: 800;
    letter-spacing: -0.01em;
  }
`;

type PageProps = Omit<ComponentPropsWithoutRef<'section'>, 'title'> & { title: string };

/** Sets the document title: '{title} · Meydan'. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${tr.app.name}`;
  }, [title]);
}

/** A screen's frame: its level-one heading and the document title. */
export function Page({ title, children, ...rest }: PageProps) {
  useDocumentTitle(title);

  return (
    <Section aria-labelledby="page-title" {...rest}>
      <h1 id="page-title">{title}</h1>
      {children}
    </Section>
  );
}

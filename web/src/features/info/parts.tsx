import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Input } from '../../ui/fields';
import type { TextBlock } from './content/types';

/** Paragraphs and bulleted lists of a content module. */
export function TextBlocks({ blocks }: { blocks: readonly TextBlock[] }) {
  return (
    <>
      {blocks.map((block) =>
        typeof block === 'string' ? (
          <p key={block}>{block}</p>
        ) : (
          <ul key={block.list.join('\n')}>
            {block.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/** A labelled search box that filters as one types. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  status,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Announced politely, e.g. the number of results. */
  status?: ReactNode;
}) {
  const id = useId();
  return (
    <Search role="search">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      <Status aria-live="polite">{status}</Status>
    </Search>
  );
}

export const Intro = styled.p`
  max-width: 44rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.05rem;
`;

export const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};

  h2, h3 { font-size: 1.1rem; font-weight: 700; }
`;

export const CardGrid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '16rem' }) => $min}), 1fr));
  gap: 1rem;
`;

/** Running text: readable line length, spaced paragraphs and lists. */
export const Prose = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  max-width: 46rem;
  line-height: 1.65;

  h2 { font-size: 1.25rem; font-weight: 800; margin-top: 0.75rem; margin-bottom: 0.5rem; }
  ul { display: flex; flex-direction: column; gap: 0.35rem; margin: 0; padding-left: 1.25rem; }
  li::marker { color: ${({ theme }) => theme.colors.primary}; }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

export const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Search = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  max-width: 36rem;

  label { font-weight: 600; font-size: 0.9rem; }
`;

const Status = styled.p`
  min-height: 1.2em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;

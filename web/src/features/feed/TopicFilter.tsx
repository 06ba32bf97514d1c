import { topics, type Topic } from '@meydan/proto';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { TopicIcon } from '../../ui/TopicIcon';

/** Tümü plus the nine topics, each with its icon and colour. */
export function TopicFilter({
  selected,
  onSelect,
}: {
  selected: Topic | null;
  onSelect: (slug: string | null) => void;
}) {
  return (
    <Row role="group" aria-label={tr.feed.topicsLabel}>
      <TopicButton
        type="button"
        $color="#64748b"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        data-topic="all"
      >
        {tr.feed.all}
      </TopicButton>
      {topics.map((topic) => (
        <TopicButton
          key={topic.slug}
          type="button"
          $color={topic.color}
          aria-pressed={selected?.slug === topic.slug}
          onClick={() => onSelect(topic.slug)}
          data-topic={topic.slug}
        >
          <TopicIcon slug={topic.slug} size={15} />
          {topic.name}
        </TopicButton>
      ))}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  gap: 0.45rem;
  overflow-x: auto;
  padding: 0.15rem 0.1rem 0.5rem;
  scrollbar-width: thin;

  @media (min-width: 64rem) { flex-wrap: wrap; overflow: visible; }
`;

const TopicButton = styled.button<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  flex-shrink: 0;
  padding: 0.4rem 0.8rem;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  transition: background-color 120ms ease, border-color 120ms ease;

  svg { color: ${({ $color }) => $color}; }
  &:hover { border-color: ${({ $color }) => $color}; }
  &[aria-pressed='true'] {
    border-color: ${({ $color }) => $color};
    background: ${({ $color }) => `color-mix(in srgb, ${$color} 24%, transparent)`};
  }
`;

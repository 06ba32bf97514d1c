import { topics } from '@meydan/proto';
import styled from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { ErrorText } from '../../ui/fields';
import { TopicIcon } from '../../ui/TopicIcon';
import { Legend } from './choiceParts';

/** The topic chips; one is pressed at a time. */
export function CategoryField({
  category,
  onChange,
  error,
}: {
  category: string;
  onChange: (category: string) => void;
  error: string | undefined;
}) {
  return (
    <fieldset>
      <Legend id="poll-category-label">{trPolls.create.categoryLabel}</Legend>
      <Chips role="group" aria-labelledby="poll-category-label">
        {topics.map((topic) => (
          <Chip
            key={topic.slug}
            type="button"
            aria-pressed={category === topic.slug}
            $color={topic.color}
            data-category={topic.slug}
            onClick={() => onChange(topic.slug)}
          >
            <TopicIcon slug={topic.slug} size={14} />
            {topic.name}
          </Chip>
        ))}
      </Chips>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </fieldset>
  );
}

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;

const Chip = styled.button<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.35rem 0.7rem;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.85rem;
  font-weight: 600;
  cursor: pointer;

  svg { color: ${({ $color }) => $color}; }
  &:hover { border-color: ${({ $color }) => $color}; }
  &[aria-pressed='true'] {
    border-color: ${({ $color }) => $color};
    background: ${({ $color }) => `color-mix(in srgb, ${$color} 22%, transparent)`};
  }
`;

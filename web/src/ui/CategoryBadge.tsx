import styled from 'styled-components';
import type { CategoryLook } from '../lib/categories';
import { TopicIcon } from './TopicIcon';

export type BadgeSize = 'sm' | 'md' | 'lg';

const sizes: Record<BadgeSize, string> = {
  sm: 'padding: 0.1rem 0.5rem; font-size: 0.75rem;',
  md: 'padding: 0.2rem 0.65rem; font-size: 0.8125rem;',
  lg: 'padding: 0.3rem 0.85rem; font-size: 0.9375rem;',
};

/** A category as a coloured pill (topic icon when it has one). */
export function CategoryBadge({ look, size = 'md' }: { look: CategoryLook; size?: BadgeSize }) {
  return (
    <Pill $color={look.color} $size={size} data-category={look.slug}>
      {look.topic ? <TopicIcon slug={look.topic} size={13} /> : null}
      {look.label}
    </Pill>
  );
}

export const Pill = styled.span<{ $color: string; $size?: BadgeSize }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  ${({ $size = 'md' }) => sizes[$size]}
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: 700;
  line-height: 1.4;
  white-space: nowrap;
  color: ${({ $color, theme }) => (theme.mode === 'dark' ? `color-mix(in srgb, ${$color} 60%, white)` : `color-mix(in srgb, ${$color} 55%, black)`)};
  background: ${({ $color }) => `color-mix(in srgb, ${$color} 18%, transparent)`};
  border: 1px solid ${({ $color }) => `color-mix(in srgb, ${$color} 35%, transparent)`};
`;

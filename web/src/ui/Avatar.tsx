import { useState } from 'react';
import styled from 'styled-components';
import { avatarColor, initialsOf } from '../lib/avatar';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const dimensions: Record<AvatarSize, { box: string; font: string }> = {
  sm: { box: '1.75rem', font: '0.7rem' },
  md: { box: '2.5rem', font: '0.95rem' },
  lg: { box: '3.5rem', font: '1.25rem' },
  xl: { box: '5rem', font: '1.75rem' },
};

export interface AvatarProps {
  name: string;
  src?: string | null | undefined;
  size?: AvatarSize;
  /** Shown as the tooltip and the accessible name; by default the name. */
  label?: string;
  decorative?: boolean;
  /** The letters shown without a picture; by default the initials of the name's first two words. */
  initials?: string;
}

/** The user's picture, or up to two initials on a colour derived from the name. */
export function Avatar({
  name,
  src,
  size = 'md',
  label,
  decorative = false,
  initials = initialsOf(name),
}: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const a11y = decorative
    ? { 'aria-hidden': true }
    : { role: 'img', 'aria-label': label ?? name, title: label ?? name };
  if (src && !broken) {
    return (
      <Circle $size={size} $color="transparent" {...a11y}>
        <img src={src} alt="" onError={() => setBroken(true)} />
      </Circle>
    );
  }
  return (
    <Circle $size={size} $color={avatarColor(name)} data-initials={initials} {...a11y}>
      <span aria-hidden="true">{initials}</span>
    </Circle>
  );
}

const Circle = styled.span<{ $size: AvatarSize; $color: string }>`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: ${({ $size }) => dimensions[$size].box};
  height: ${({ $size }) => dimensions[$size].box};
  border-radius: 50%;
  overflow: hidden;
  background: ${({ $color }) => $color};
  color: #fff;
  font-size: ${({ $size }) => dimensions[$size].font};
  font-weight: 700;
  letter-spacing: 0.02em;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

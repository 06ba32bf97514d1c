import type { Poll, PollOption } from '@meydan/proto';
import { createContext, useContext, type ReactNode } from 'react';
import styled from 'styled-components';

type OptionImages = Poll['optionImages'];

const OptionImagesContext = createContext<OptionImages>(undefined);

/**
 * The images of the poll whose options are drawn below (issue 41, 2): each view of a poll (its options, a ranked
 * ballot, a scheduled poll's list) names them once, and each option's text draws its own (OptionText).
 */
export function OptionImagesProvider({ images, children }: { images: OptionImages; children: ReactNode }) {
  return images ? <OptionImagesContext.Provider value={images}>{children}</OptionImagesContext.Provider> : children;
}

/**
 * An option's text, after its image where it has one: the alt text its creator wrote, then a space, so that a vote
 * button's name reads 'alt text' then 'option' as two words.
 */
export function OptionText({ option }: { option: Pick<PollOption, 'id' | 'text'> }) {
  const image = useContext(OptionImagesContext)?.[option.id];
  if (!image) return <span>{option.text}</span>;
  return (
    <WithImage data-option-image={image.id}>
      <Thumb src={image.url} alt={image.alt} width={56} height={56} loading="lazy" decoding="async" />{' '}
      <span>{option.text}</span>
    </WithImage>
  );
}

const WithImage = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.65rem;
  min-width: 0;
`;

/** A square crop of the image, the whole of it a click away on its own URL (the file is at most 800 px). */
const Thumb = styled.img`
  flex-shrink: 0;
  width: 3.5rem;
  height: 3.5rem;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
`;

import styled from 'styled-components';
import { trAdmin } from '../../i18n/tr-admin';

/** A poll's option images in the polls list, with their alt texts, for moderators to see what was uploaded. */
export function OptionImages({ images }: { images: readonly { url: string; alt: string }[] }) {
  return (
    <Images aria-label={trAdmin.admin.polls.images(images.length)} data-poll-images>
      {images.map((image) => (
        <li key={image.url}>
          <a href={image.url} target="_blank" rel="noreferrer">
            <img src={image.url} alt={image.alt} width={40} height={40} loading="lazy" />
          </a>
        </li>
      ))}
    </Images>
  );
}

const Images = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  margin: 0.35rem 0 0;
  padding: 0;
  list-style: none;

  img {
    display: block;
    width: 2.5rem;
    height: 2.5rem;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;

import styled, { css } from 'styled-components';
import { tr } from '../../i18n/tr';
import { ButtonLink } from '../../ui/buttons';
import { UsersIcon } from '../../ui/icons';

/** The Dost Meclisi banner: members only, on / only. */
export function FriendsPromo() {
  return (
    <Banner aria-labelledby="friends-promo-title" data-promo>
      <Icon aria-hidden="true">
        <UsersIcon />
      </Icon>
      <div>
        <h2 id="friends-promo-title">{tr.feed.promoTitle}</h2>
        <p>{tr.feed.promoText}</p>
      </div>
      <ButtonLink to="/dost-meclisi" $variant="primary">
        {tr.feed.promoAction}
      </ButtonLink>
    </Banner>
  );
}

/** The banner's height, kept by `PromoSpace` while the session is still being restored. */
const promoHeight = css`
  min-height: 5.25rem;
  @media (max-width: 40rem) {
    min-height: 11rem;
  }
`;

export const PromoSpace = styled.div`
  ${promoHeight}
`;

const Banner = styled.section`
  ${promoHeight}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  padding: 1rem 1.15rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid color-mix(in srgb, #8b5cf6 45%, transparent);
  background: linear-gradient(120deg, color-mix(in srgb, #8b5cf6 22%, transparent), color-mix(in srgb, ${({ theme }) => theme.colors.primary} 14%, transparent));

  & > div { flex: 1; min-width: 14rem; }
  h2 { font-size: 1.1rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

const Icon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: 50%;
  background: #8b5cf6;
  color: #fff;
`;

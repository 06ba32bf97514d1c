import styled from 'styled-components';

/** The author's notice on a poll or comment the word filter holds for review. */
export const HeldNote = styled.p`
  margin: 0.4rem 0 0;
  padding: 0.4rem 0.6rem;
  border-radius: 0.4rem;
  font-size: 0.85rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border-left: 3px solid ${({ theme }) => theme.colors.warning};
`;

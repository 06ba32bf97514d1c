import styled from 'styled-components';

/** A settings section's frame. */
export const Card = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 { font-size: 1.2rem; font-weight: 700; }
  h3 { font-size: 1rem; font-weight: 700; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 700; margin-bottom: 0.5rem; }
`;

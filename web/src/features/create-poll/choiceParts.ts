import styled from 'styled-components';

/** The create dialog's choice parts: a fieldset's legend and a radio option with its label and hint. */
export const Legend = styled.legend`
  margin-bottom: 0.4rem;
  padding: 0;
  font-weight: 600;
  font-size: 0.9rem;
`;

export const TypeOption = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.6rem 0.7rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  cursor: pointer;

  &:has([data-state='checked']) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 10%, transparent);
  }

  button {
    display: inline-grid;
    place-items: center;
    flex-shrink: 0;
    width: 1.1rem;
    height: 1.1rem;
    margin-top: 0.15rem;
    padding: 0;
    border-radius: 50%;
    border: 2px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    cursor: pointer;
  }
  button[data-state='checked'] { border-color: ${({ theme }) => theme.colors.primary}; }
  button > span { width: 0.45rem; height: 0.45rem; border-radius: 50%; background: ${({ theme }) => theme.colors.primary}; }

  strong { display: block; font-size: 0.9rem; }
  small { display: block; font-size: 0.75rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

import styled from 'styled-components';

/** A switch with its label and hint beside it. */
export const SwitchRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.6rem;
  margin-top: 0.75rem;

  label { font-weight: 600; font-size: 0.9rem; cursor: pointer; }
`;

/** A switch's label and hint, one under the other. */
export const SwitchTexts = styled.span`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

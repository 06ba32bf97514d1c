import styled from 'styled-components';

/** A poll's options one under another: the buttons, the results' bars, a multiple-choice ballot's checkboxes. */
export const OptionList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

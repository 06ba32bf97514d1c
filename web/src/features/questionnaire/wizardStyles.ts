// The questionnaire wizard's styled components: its frame, progress bar, fields, choices, sign cards and summary.
import styled from 'styled-components';
import { controlStyles } from '../../ui/fields';

export const Frame = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  scroll-margin-top: 5rem;

  h2 { font-size: 1.2rem; font-weight: 700; }
  h2:focus:not(:focus-visible) { outline: none; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  .number { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};

  [role='progressbar'] {
    height: 0.5rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    overflow: hidden;
  }
`;

export const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 200ms ease;
`;

export const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const SelectWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;

  label { font-weight: 600; font-size: 0.9rem; }
`;

export const Select = styled.select`
  ${controlStyles}
  min-height: 2.6rem;
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export const Choices = styled.div<{ $column?: boolean }>`
  display: flex;
  flex-direction: ${({ $column }) => ($column ? 'column' : 'row')};
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  cursor: pointer;

  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; }
  input:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

export const SignFacts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;

  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

export const SignGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.5rem;
`;

export const SignCard = styled.label<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  cursor: pointer;

  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.78rem; }
`;

export const Summary = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  margin: 0;

  dt { font-weight: 600; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

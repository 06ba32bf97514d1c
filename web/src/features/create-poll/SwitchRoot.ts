import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';

/** A switch with its label and hint beside it. */
export const SwitchRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.6rem;
  margin-top: 0.75rem;

  label { font-weight: 600; font-size: 0.9rem; cursor: pointer; }
`;

/** The create dialog's on/off switches ('Paylaşılabilir link', 'Birden fazla seçim'). */
export const SwitchRoot = styled(Switch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 2.5rem;
  height: 1.4rem;
  padding: 0;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;

  &[data-state='checked'] { background: ${({ theme }) => theme.colors.primary}; border-color: transparent; }

  span {
    display: block;
    width: 1.05rem;
    height: 1.05rem;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.3);
    transform: translateX(0.15rem);
    transition: transform 120ms ease;
  }
  span[data-state='checked'] { transform: translateX(1.25rem); }
`;

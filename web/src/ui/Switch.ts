import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';

/**
 * An on/off switch (Radix's, so it is a `role="switch"` with `aria-checked`): the create dialog's 'Paylaşılabilir
 * link' and 'Birden fazla seçim', the notification and privacy settings. Put `<Switch.Thumb />` inside.
 */
export const SwitchRoot = styled(Switch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 2.5rem;
  height: 1.4rem;
  margin-top: 0.125rem;
  padding: 0;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;

  &[data-state='checked'] { background: ${({ theme }) => theme.colors.primary}; border-color: transparent; }
  &:disabled { opacity: 0.6; cursor: wait; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }

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

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { tr } from '../i18n/tr';
import { IconButton } from '../layout/buttons';
import { CloseIcon } from '../layout/icons';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Max width, e.g. '32rem'. */
  width?: string;
  children?: ReactNode;
  /** data-testid-like hook for end-to-end tests and screenshots. */
  name?: string;
}

/** An accessible modal dialog (Radix): focus trapped, Escape and the close button dismiss it. */
export function Modal({ open, onOpenChange, title, description, width = '30rem', children, name }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Content $width={width} data-dialog={name} {...(description ? {} : { 'aria-describedby': undefined })}>
          <Head>
            <div>
              <Title>{title}</Title>
              {description ? <Description>{description}</Description> : null}
            </div>
            <Dialog.Close asChild>
              <IconButton aria-label={tr.common.close} title={tr.common.close}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Head>
          {children}
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;
const rise = keyframes`from { opacity: 0; transform: translate(-50%, -46%) scale(0.98); } to { opacity: 1; transform: translate(-50%, -50%) scale(1); }`;

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: rgb(0 0 0 / 0.55);
  animation: ${fadeIn} 150ms ease-out;
`;

const Content = styled(Dialog.Content)<{ $width: string }>`
  position: fixed;
  top: 50%;
  left: 50%;
  z-index: 41;
  transform: translate(-50%, -50%);
  width: min(calc(100vw - 1.5rem), ${({ $width }) => $width});
  max-height: calc(100dvh - 1.5rem);
  overflow-y: auto;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  animation: ${rise} 160ms ease-out;

  &:focus { outline: none; }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1rem;
`;

const Title = styled(Dialog.Title)`
  margin: 0;
  font-size: 1.3rem;
  font-weight: 800;
  letter-spacing: -0.01em;
`;

const Description = styled(Dialog.Description)`
  margin: 0.35rem 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9375rem;
`;

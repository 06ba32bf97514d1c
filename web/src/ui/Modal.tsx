import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { tr } from '../i18n/tr';
import { IconButton } from './buttons';
import { CloseIcon } from './icons';

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
        <Content
          $width={width}
          data-dialog={name}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
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

/** Fields a keyboard user lands on; Radix's hidden form inputs (radio, select mirrors) are aria-hidden. */
const FIELD =
  'input:not([type="hidden"]):not([aria-hidden="true"]):not([tabindex="-1"]):not(:disabled), textarea:not(:disabled)';

/**
 * Where focus goes back when the dialog closes. Radix returns it to a Dialog.Trigger, but these dialogs are opened
 * from the store by many buttons, so the element focused before opening is remembered here. One for all modals
 * (one is open at a time): a dialog that replaces another (login → registration) keeps the first one's origin.
 */
let focusOrigin: HTMLElement | null = null;

/**
 * A form dialog opens on its first field rather than on the close button that comes first in the DOM; a dialog
 * without fields keeps Radix's default (its first button).
 */
function focusFirstField(event: Event) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]'))
    focusOrigin = active;
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(FIELD);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

function returnFocus(event: Event) {
  event.preventDefault();
  const closing = event.currentTarget;
  const stillOpen = [...document.querySelectorAll('[role="dialog"][data-state="open"]')].some(
    (dialog) => dialog !== closing,
  );
  if (stillOpen) return;
  if (focusOrigin?.isConnected) focusOrigin.focus();
  focusOrigin = null;
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

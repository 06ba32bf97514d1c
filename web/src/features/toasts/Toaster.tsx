import * as Toast from '@radix-ui/react-toast';
import { limits } from '@meydan/proto';
import styled, { keyframes } from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { tr } from '../../i18n/tr';
import { CloseIcon } from '../../ui/icons';
import { Button } from '../../ui/buttons';
import { runToastAction } from './toastActions';
import { selectToasts, toastDismissed, toastRemoved } from '../../store/toastSlice';

/** Radix toasts with the spec's defaults: one at a time, 5 s each, swipe right past 50 px to dismiss, F8 focuses. */
export function Toaster() {
  const items = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  return (
    <Toast.Provider
      duration={limits.toast.durationMs}
      swipeDirection={limits.toast.swipeDirection as 'right'}
      swipeThreshold={limits.toast.swipeThresholdPx}
      label={tr.toast.label}
    >
      {items.map((item) => (
        <Root
          key={item.id}
          open={item.open}
          $variant={item.variant}
          data-toast={item.variant}
          {...(item.persistent ? { duration: Infinity } : {})}
          onOpenChange={(open) => {
            if (open) return;
            dispatch(toastDismissed(item.id));
            setTimeout(() => dispatch(toastRemoved(item.id)), 200);
          }}
        >
          <div>
            <Title>{item.title}</Title>
            {item.description ? <Description>{item.description}</Description> : null}
            {item.action ? (
              <ActionSlot>
                <Toast.Action altText={item.action.label} asChild>
                  <Button $variant="primary" $size="sm" onClick={() => runToastAction(item.action!.actionId)}>
                    {item.action.label}
                  </Button>
                </Toast.Action>
              </ActionSlot>
            ) : null}
          </div>
          <Close aria-label={tr.toast.close} title={tr.toast.close}>
            <CloseIcon />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={[limits.toast.hotkey]} label={tr.toast.region} />
    </Toast.Provider>
  );
}

const slideIn = keyframes`from { transform: translateX(calc(100% + 1rem)); } to { transform: translateX(0); }`;
const hide = keyframes`from { opacity: 1; } to { opacity: 0; }`;
const swipeOut = keyframes`from { transform: translateX(var(--radix-toast-swipe-end-x)); } to { transform: translateX(calc(100% + 1rem)); }`;

const Viewport = styled(Toast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 60;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(24rem, 100vw);
  max-width: 100vw;
  margin: 0;
  padding: 1rem;
  list-style: none;
  outline: none;
`;

const Root = styled(Toast.Root)<{ $variant: string }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 0.85rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $variant }) =>
      $variant === 'error'
        ? theme.colors.danger
        : $variant === 'success'
          ? theme.colors.success
          : theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};

  &[data-state='open'] { animation: ${slideIn} 180ms ease-out; }
  &[data-state='closed'] { animation: ${hide} 150ms ease-in forwards; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe='end'] { animation: ${swipeOut} 150ms ease-out forwards; }
`;

const Title = styled(Toast.Title)`
  font-weight: 700;
`;

const Description = styled(Toast.Description)`
  margin-top: 0.2rem;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ActionSlot = styled.div`
  margin-top: 0.6rem;
`;

const Close = styled(Toast.Close)`
  display: inline-grid;
  place-items: center;
  padding: 0.2rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover { color: ${({ theme }) => theme.colors.text}; }
`;

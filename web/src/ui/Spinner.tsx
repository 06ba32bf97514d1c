import styled, { keyframes } from 'styled-components';
import { tr } from '../i18n/tr';

/** A loading spinner with the spec's 'Yükleniyor...' for screen readers (and visible when `withText`). */
export function Spinner({ withText = false, label = tr.app.loading }: { withText?: boolean; label?: string }) {
  return (
    <Wrap role="status" aria-live="polite" data-spinner>
      <Ring aria-hidden="true" />
      {withText ? <span>{label}</span> : <Hidden>{label}</Hidden>}
    </Wrap>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrap = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  padding: 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Ring = styled.span`
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

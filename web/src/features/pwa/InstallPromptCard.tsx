import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { Button } from '../../ui/buttons';
import { takeInstallOffer } from './earlyInstallOffer';
import {
  createInstallPrompt,
  runsStandalone,
  type BeforeInstallPromptEvent,
  type InstallPrompt,
} from './installPrompt';

const text = tr.pwa;

/** The 'Uygulamayı Yükle' card (rules in installPrompt.ts). */
export function InstallPromptCard() {
  const [visible, setVisible] = useState(false);
  const prompt = useRef<InstallPrompt | null>(null);

  useEffect(() => {
    const controller = createInstallPrompt({
      storage: window.localStorage,
      isStandalone: runsStandalone,
      onVisibleChange: setVisible,
    });
    prompt.current = controller;
    const offered = (event: Event) => controller.offered(event as BeforeInstallPromptEvent);
    const installed = () => controller.installed();
    window.addEventListener('beforeinstallprompt', offered);
    window.addEventListener('appinstalled', installed);
    // An offer the browser made before this card loaded (main.tsx kept it).
    const early = takeInstallOffer();
    if (early) controller.offered(early as BeforeInstallPromptEvent);
    return () => {
      window.removeEventListener('beforeinstallprompt', offered);
      window.removeEventListener('appinstalled', installed);
      controller.dispose();
    };
  }, []);

  if (!visible) return null;
  return (
    <Card role="region" aria-labelledby="install-prompt-title" data-install-prompt>
      <h2 id="install-prompt-title">{text.installTitle}</h2>
      <p>{text.installText}</p>
      <Actions>
        <Button $variant="primary" onClick={() => void prompt.current?.install()}>
          {text.install}
        </Button>
        <Button onClick={() => prompt.current?.dismiss()}>{text.dismiss}</Button>
      </Actions>
    </Card>
  );
}

const Card = styled.section`
  position: fixed;
  left: 1rem;
  bottom: 1rem;
  z-index: 50;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(22rem, calc(100vw - 2rem));
  padding: 1rem 1.1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};

  h2 { font-size: 1.05rem; font-weight: 800; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
`;

const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
`;

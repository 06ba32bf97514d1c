import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { trReach } from '../../i18n/tr-reach';
import { Button } from '../../ui/buttons';
import { copyText } from './share';
import { useToast } from '../toasts/useToast';
import { useOembedQuery } from './shareApi';

const t = trReach.share;

/** A poll address's QR code, as an SVG to show and download and a PNG to download. */
export function useQrCode(url: string): { svg: string | null; png: string | null } {
  const [codes, setCodes] = useState<{ svg: string | null; png: string | null }>({ svg: null, png: null });
  useEffect(() => {
    let live = true;
    void Promise.all([
      QRCode.toString(url, {
        type: 'svg',
        margin: 2,
        errorCorrectionLevel: 'M',
        color: { dark: '#111827', light: '#ffffff' },
      }),
      QRCode.toDataURL(url, { width: 768, margin: 2, errorCorrectionLevel: 'M' }),
    ]).then(
      ([svg, png]) => live && setCodes({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return codes;
}

/** What the share dialogs offer beside the link: the QR code (PNG, SVG) and, for an embeddable poll, its embed snippet. */
export function ShareTools({ url, embeddable, fileName }: { url: string; embeddable: boolean; fileName: string }) {
  const qr = useQrCode(url);
  const [embedOpen, setEmbedOpen] = useState(false);
  const embedId = useId();
  return (
    <Tools>
      <section aria-labelledby={`${embedId}-qr`} data-qr>
        <h3 id={`${embedId}-qr`}>{t.qrHeading}</h3>
        <QrRow>
          {qr.svg ? <img src={qr.svg} alt={t.qrAlt(url)} width={144} height={144} /> : <QrSpace />}
          <Downloads>
            <Download href={qr.png ?? undefined} download={`${fileName}-qr.png`} aria-disabled={!qr.png} data-qr-png>
              {t.downloadPng}
            </Download>
            <Download href={qr.svg ?? undefined} download={`${fileName}-qr.svg`} aria-disabled={!qr.svg} data-qr-svg>
              {t.downloadSvg}
            </Download>
          </Downloads>
        </QrRow>
      </section>
      {embeddable ? (
        <section aria-labelledby={`${embedId}-embed`}>
          <Button
            aria-expanded={embedOpen}
            aria-controls={`${embedId}-snippet`}
            onClick={() => setEmbedOpen((open) => !open)}
            data-embed-toggle
          >
            {t.embed}
          </Button>
          <div id={`${embedId}-snippet`} hidden={!embedOpen}>
            {embedOpen ? (
              <EmbedSnippet url={url} headingId={`${embedId}-embed`} />
            ) : (
              <h3 id={`${embedId}-embed`} hidden>
                {t.embedHeading}
              </h3>
            )}
          </div>
        </section>
      ) : null}
    </Tools>
  );
}

function EmbedSnippet({ url, headingId }: { url: string; headingId: string }) {
  const { data, isError } = useOembedQuery(url);
  const toast = useToast();
  const copy = async (text: string) => {
    if (await copyText(text)) toast({ title: t.copied, variant: 'success' });
    else toast({ title: t.copyFailed, variant: 'error' });
  };
  return (
    <Snippet>
      <h3 id={headingId}>{t.embedHeading}</h3>
      <p>{t.embedHint}</p>
      {data ? (
        <>
          <textarea
            readOnly
            rows={4}
            value={data.html}
            aria-label={t.embedLabel}
            onFocus={(e) => e.currentTarget.select()}
            data-embed-snippet
          />
          <div>
            <Button $variant="primary" onClick={() => void copy(data.html)}>
              {t.embedCopy}
            </Button>
          </div>
        </>
      ) : (
        <p role="status">{isError ? t.embedFailed : t.embedLoading}</p>
      )}
    </Snippet>
  );
}

const Tools = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  margin-top: 1rem;

  h3 { font-size: 1rem; font-weight: 700; margin-bottom: 0.5rem; }
`;

const QrRow = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;

  img { border-radius: ${({ theme }) => theme.radii.md}; background: #ffffff; }
`;

const QrSpace = styled.div`
  width: 144px;
  height: 144px;
`;

const Downloads = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Download = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const Snippet = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin-top: 0.75rem;

  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; }
  textarea {
    width: 100%;
    font-family: ui-monospace, monospace;
    font-size: 0.8125rem;
    padding: 0.5rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
  }
`;

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from '../src/features/info/ContactPage';
import { Toaster } from '../src/features/toasts/Toaster';
import { fakeApi, json, member, renderWithStore } from './helpers';

// The proof-of-work widget needs a real browser (workers, custom elements): the browser test solves the real one.
// Here it is a button that reports a payload, and counts how often a fresh widget was mounted.
const widget = vi.hoisted(() => ({ mounts: 0 }));
vi.mock('../src/ui/BotChallenge', async () => {
  const { useEffect } = await import('react');
  return {
    BotChallenge: ({ onChange }: { onChange: (payload: string | null) => void }) => {
      useEffect(() => {
        widget.mounts += 1;
      }, []);
      return (
        <button type="button" onClick={() => onChange(`cozum-${widget.mounts}`)}>
          Doğrula
        </button>
      );
    },
  };
});

beforeEach(() => {
  widget.mounts = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => screen.getByRole('button', { name: 'Mesaj Gönder' });

function renderPage(path = '/iletisim', user = member as typeof member | null) {
  return renderWithStore(
    <>
      <ContactPage />
      <Toaster />
    </>,
    { path, user },
  );
}

describe('contact page', () => {
  it('prefills the member name and ?konu=, sends once solved, then resets the form and the widget', async () => {
    const api = fakeApi({
      'POST /api/contact': () =>
        json(
          {
            message: 'Mesajınız alındı. Talep numaranız: MYD-2026-000007.',
            ticketNumber: 'MYD-2026-000007',
            status: 'yeni',
          },
          201,
        ),
    });
    renderPage('/iletisim?konu=hesap');
    await waitFor(() => expect(screen.getByLabelText('Adınız')).toHaveProperty('value', 'Ayşe Yılmaz'));
    expect(screen.getByLabelText('Konu')).toHaveProperty('value', 'hesap');
    expect(screen.getByText('7/24 canlı destek')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Kişisel Verilerin Korunması' })).toBeTruthy();

    fill('E-posta adresiniz', 'ayse@example.com');
    fill('Mesajınız', 'Hesabımın e-posta adresini değiştirmek istiyorum.');
    expect(send()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(send()).toHaveProperty('disabled', false);
    await act(async () => fireEvent.click(send()));

    await screen.findByText('Başarılı!');
    expect(screen.getByText('Mesajınız alındı. Talep numaranız: MYD-2026-000007.')).toBeTruthy();
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      subject: 'hesap',
      message: 'Hesabımın e-posta adresini değiştirmek istiyorum.',
      turnstileToken: 'cozum-1',
    });
    expect(screen.getByLabelText('Mesajınız')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Konu')).toHaveProperty('value', '');
    expect(widget.mounts, 'a fresh widget for the next message').toBe(2);
    expect(send()).toHaveProperty('disabled', true);
  });

  it("shows the server's message, or 'Mesaj gönderilemedi' when there is none, and resets the widget", async () => {
    let answer = json(
      {
        error: 'challenge_invalid',
        message: 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
      },
      403,
    );
    fakeApi({ 'POST /api/contact': () => answer });
    renderPage('/iletisim?konu=teknik', null);
    fill('Adınız', 'Deniz');
    fill('E-posta adresiniz', 'deniz@example.com');
    fill('Mesajınız', 'Uygulama açılmıyor, ne yapmalıyım?');
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    await act(async () => fireEvent.click(send()));
    await screen.findByText('Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.');
    expect(screen.getByText('Hata')).toBeTruthy();
    expect(widget.mounts).toBe(2);
    expect(screen.getByLabelText('Mesajınız'), 'the text stays for another try').toHaveProperty(
      'value',
      'Uygulama açılmıyor, ne yapmalıyım?',
    );

    answer = new Response('', { status: 502 });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    await act(async () => fireEvent.click(send()));
    await screen.findByText('Mesaj gönderilemedi. Lütfen tekrar deneyin.');
  });

  it('names the broken fields with the §5 texts and sends nothing', async () => {
    const api = fakeApi();
    renderPage('/iletisim', null);
    fill('Adınız', 'A');
    fill('E-posta adresiniz', 'adres');
    fill('Mesajınız', 'kısa');
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    await act(async () => fireEvent.click(send()));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    for (const text of [
      'İsim en az 2 karakter olmalıdır',
      'Geçerli bir e-posta adresi giriniz',
      'Konu seçiniz',
      'Mesaj en az 10 karakter olmalıdır',
    ]) {
      expect(alerts).toContain(text);
    }
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

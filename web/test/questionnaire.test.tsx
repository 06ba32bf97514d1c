// @vitest-environment jsdom
import type { PersonalityAnalysis, UserProfile } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonalizationBanner } from '../src/features/profile/PersonalizationBanner';
import { trProfile } from '../src/i18n/tr-profile';
import { fakeApi, member, renderAppAt, renderWithStore, memberProfile } from './helpers';

beforeEach(() => {
  window.scrollTo = () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const questions = Array.from({ length: 12 }, (_, i) => ({
  id: `q${i + 1}`,
  category: `c${i + 1}`,
  question: `Soru metni ${i + 1}?`,
  options: ['Bir', 'İki', 'Üç', 'Dört'],
}));

const baseProfile = memberProfile();

const analysis: PersonalityAnalysis = {
  traits: [
    {
      key: 'openness',
      label: 'Yeniliğe açıklık',
      score: 70,
      description: 'Yeni fikirler ve deneyimler seni heyecanlandırıyor.',
    },
  ],
  topics: [{ category: 'muzik-playlist', weight: 0.7 }],
  summary: 'Yeni fikirler ve deneyimler seni heyecanlandırıyor. En çok ilgilendiğin konular: Müzik & Playlist.',
  basedOn: { answers: 12, votes: 3 },
  computedAt: '2026-01-01T00:00:00.000Z',
};

function questionnaireApi(profile: UserProfile) {
  const state = { profile, patched: null as unknown, answers: null as unknown };
  const api = fakeApi({
    'GET /api/auth/session': member,
    'GET /api/users/u1': () => state.profile,
    'GET /api/profile-questions': { questions },
    'PATCH /api/users/u1/profile': async (request: Request) => {
      state.patched = await request.json();
      return state.profile;
    },
    'POST /api/users/u1/profile-answers': async (request: Request) => {
      state.answers = await request.json();
      state.profile = { ...state.profile, profileQuestionsCompleted: true };
      return { message: 'Profil tamamlandı!', profileQuestionsCompleted: true };
    },
    'POST /api/users/u1/analysis': () => {
      state.profile = { ...state.profile, aiAnalysisCompleted: true };
      return analysis;
    },
    'GET /api/users/u1/analysis': analysis,
  });
  return { ...api, state };
}

const next = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(İleri|Tamamla)$/ }));
  });
};
const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('questionnaire', () => {
  it('asks a visitor to sign in', async () => {
    fakeApi();
    renderAppAt('/kisilik-testi');
    expect(await screen.findByRole('heading', { level: 2, name: 'Giriş Yapın' })).toBeTruthy();
  });

  it('walks the seven steps with the §5 checks, posts the data and the answers, then offers the analysis', async () => {
    const { state, requests } = questionnaireApi(baseProfile);
    renderAppAt('/kisilik-testi', { user: member });
    await screen.findByText('Adım 1 / 7');
    expect(stepHeading()).toBe('Temel Bilgiler');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.round(100 / 7)));
    // Türkiye and İstanbul by default.
    expect((screen.getByLabelText('Ülke') as HTMLSelectElement).value).toBe('TR');
    expect((screen.getByLabelText('Şehir') as HTMLSelectElement).value).toBe('İstanbul');

    await next();
    expect(await screen.findByText('Lütfen doğum tarihinizi giriniz')).toBeTruthy();
    expect(screen.getByText('Eksik bilgi')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Doğum tarihi'), { target: { value: '2000-05-05' } });
    await next();
    expect(await screen.findByText('Lütfen doğum yerinizi seçiniz (ülke ve şehir)')).toBeTruthy();

    // Another country disables city and district; Türkiye again defaults to İstanbul.
    fireEvent.change(screen.getByLabelText('Ülke'), { target: { value: 'DE' } });
    expect((screen.getByLabelText('Şehir') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('İlçe') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Ülke'), { target: { value: 'TR' } });
    expect((screen.getByLabelText('Şehir') as HTMLSelectElement).value).toBe('İstanbul');
    fireEvent.change(screen.getByLabelText('İlçe'), { target: { value: 'Kadıköy' } });
    // A city change resets the district.
    fireEvent.change(screen.getByLabelText('Şehir'), { target: { value: 'Van' } });
    expect((screen.getByLabelText('İlçe') as HTMLSelectElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('Şehir'), { target: { value: 'İstanbul' } });
    fireEvent.change(screen.getByLabelText('İlçe'), { target: { value: 'Kadıköy' } });
    await next();
    expect(await screen.findByText('Lütfen doğum saatinizi giriniz')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Doğum saati'), { target: { value: '06:00' } });
    fireEvent.click(screen.getByLabelText('Kadın'));
    await next();

    expect(stepHeading()).toBe('Burç Bilgileri');
    // The new step's heading has focus (and the step is brought into view), not the button that was pressed.
    expect(document.activeElement?.id).toBe('wizard-step');
    expect(document.querySelector('[data-sun-sign]')?.textContent).toBe('Boğa');
    expect(document.querySelector('[data-rising-sign]')?.textContent).toBe('Boğa');
    await next();
    expect(await screen.findByText('Lütfen burcunuzu seçin.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Boğa/ }));
    await next();

    for (let step = 3; step <= 6; step++) {
      expect(screen.getByText(`Adım ${step} / 7`)).toBeTruthy();
      const firstOfStep = (step - 3) * 3 + 1;
      expect(screen.getByText(`Soru metni ${firstOfStep}?`)).toBeTruthy();
      // Questions need no answer; answer the first of each step.
      const group = screen.getByText(`Soru metni ${firstOfStep}?`).closest('fieldset')!;
      fireEvent.click(within(group as HTMLElement).getByLabelText('İki'));
      await next();
    }
    expect(stepHeading()).toBe('Özet');
    expect(screen.getByRole('button', { name: 'Tamamla' })).toBeTruthy();
    await next();

    expect(await screen.findByText('Tamamlandı! 🎉')).toBeTruthy();
    expect(state.patched).toEqual({
      birthDate: '2000-05-05',
      birthTime: '06:00',
      birthPlace: 'Türkiye, İstanbul, Kadıköy',
      zodiacSign: 'Boğa',
      gender: 'kadın',
    });
    expect(state.answers).toEqual({
      answers: [1, 4, 7, 10].map((n) => ({ questionId: `q${n}`, answer: 'İki', category: `c${n}` })),
    });

    // The profile now has its answers: 'Analizi Başlat', then the completed analysis.
    const start = await screen.findByRole('button', { name: 'Analizi Başlat' });
    await act(async () => {
      fireEvent.click(start);
    });
    expect(await screen.findByRole('heading', { name: 'Kişilik Analizi Tamamlandı' })).toBeTruthy();
    expect(await screen.findByText(/En çok ilgilendiğin konular: Müzik & Playlist/)).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Yeniliğe açıklık' }).getAttribute('aria-valuenow')).toBe('70');
    await waitFor(() => expect(screen.getByText(/Şu an sana önerebileceğimiz bir anket yok/)).toBeTruthy());
    expect(requests.some((r) => r.path === '/api/polls' && r.search.includes('feed=for-you'))).toBe(true);
  });

  it("the profile banner's completed state leads to the recommended polls, which the page brings into view", async () => {
    const completed = { ...baseProfile, profileQuestionsCompleted: true, aiAnalysisCompleted: true };
    questionnaireApi(completed);
    renderWithStore(<PersonalizationBanner profile={completed} />, { user: member });
    expect(screen.getByRole('link', { name: trProfile.profile.banner.completedButton }).getAttribute('href')).toBe(
      '/kisilik-testi#onerilen',
    );
    cleanup();

    renderAppAt('/kisilik-testi#onerilen', { user: member });
    expect(await screen.findByRole('heading', { name: 'Kişilik Analizi Tamamlandı' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('onerilen'));
    expect(within(document.activeElement as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
      trProfile.questionnaire.recommendedHeading,
    );
  });
});

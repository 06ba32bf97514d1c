// @vitest-environment jsdom
/**
 * Options with images in the web app (issue 41, 2): the card, the share page and the embed draw each option's image
 * with the alt text its creator wrote (so a vote button's name says it too); the create dialog uploads a picked file
 * at once, refuses what is not a JPEG, PNG or WebP or is too large in Turkish without a request, asks for the alt text
 * and sends the images beside the options.
 */
import type { Poll } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, optionImagesSent, withImage, withoutOption } from '../src/features/create-poll/draft';
import { PollsTab } from '../src/features/admin/PollsTab';
import { PollCard } from '../src/features/polls/PollCard';
import { pollsReceived, selectPoll } from '../src/store/pollsSlice';
import { useAppSelector } from '../src/store/store';
import { fakeApi, json, member, openCreatePollDialog, renderAppAt, renderWithStore, stubLayout } from './helpers';
import { adminPollRow, testPoll } from './pollFixture';

beforeEach(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const catId = 'a'.repeat(32);
const dogId = 'b'.repeat(32);
const image = (id: string, alt: string) => ({ id, url: `/api/option-images/${id}`, alt });

/** Two options with images and one without, the viewer not voted. */
const pets = testPoll('p1', [2, 1, 1], {
  title: 'Hangisi daha sevimli?',
  options: [
    { id: 0, text: 'Kedi', votes: 0 },
    { id: 1, text: 'Köpek', votes: 0 },
    { id: 2, text: 'İkisi de', votes: 0 },
  ],
  resultsVisible: false,
  isShareable: false,
  shortUrl: null,
  optionImages: [image(catId, 'Turuncu bir kedi yavrusu'), image(dogId, 'Mavi tasmalı bir köpek'), null],
});

const voteAnswer = {
  pollId: 'p1',
  voteCounts: { '0': 3, '1': 1, '2': 1 },
  totalVotes: 5,
  hasVoted: true,
  userChoice: 0,
  userChoices: [0],
  message: 'Oyunuz kaydedildi! 🎉',
  resultsVisible: true,
};

/** The card of the poll the store holds, as a feed shows it: it follows the vote's answer. */
function HeldCard() {
  const poll = useAppSelector((state) => selectPoll(state, 'p1'));
  return poll ? <PollCard poll={poll} /> : null;
}

const imagesOf = (root: HTMLElement) =>
  within(root)
    .getAllByRole('img')
    .map((img) => [img.getAttribute('alt'), img.getAttribute('src')]);

describe('options with images on a card', () => {
  it('draws each image with its alt text, in the vote buttons and then in the results', async () => {
    const { requests } = fakeApi({ 'POST /api/polls/p1/vote': voteAnswer });
    const view = renderWithStore(<HeldCard />, { user: member });
    act(() => void view.store.dispatch(pollsReceived([pets])));
    const options = await screen.findByRole('list', { name: 'Seçenekler' });
    expect(imagesOf(options)).toEqual([
      ['Turuncu bir kedi yavrusu', `/api/option-images/${catId}`],
      ['Mavi tasmalı bir köpek', `/api/option-images/${dogId}`],
    ]);
    // The alt text is part of the vote button's name; the option without an image is its text alone.
    fireEvent.click(screen.getByRole('button', { name: 'Turuncu bir kedi yavrusu Kedi' }));
    expect(screen.getByRole('button', { name: 'İkisi de' })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/polls/p1/vote')).toBe(true));
    const results = await screen.findByRole('list', { name: 'Sonuçlar' });
    expect(imagesOf(results).map(([alt]) => alt)).toEqual(['Turuncu bir kedi yavrusu', 'Mavi tasmalı bir köpek']);
  });

  it('draws nothing more for a poll without images', () => {
    fakeApi();
    renderWithStore(<PollCard poll={{ ...pets, optionImages: undefined }} />, { user: member });
    expect(within(screen.getByRole('list', { name: 'Seçenekler' })).queryAllByRole('img')).toHaveLength(0);
  });

  it('draws them on a ranked ballot too', async () => {
    fakeApi();
    renderWithStore(<PollCard poll={{ ...pets, kind: 'ranked' } as Poll} />, { user: member });
    const img = await screen.findByRole('img', { name: 'Mavi tasmalı bir köpek' });
    expect(img.getAttribute('src')).toBe(`/api/option-images/${dogId}`);
  });
});

describe('a scheduled poll with images in its creator’s edit dialog', () => {
  it('edits the title and description but not the options, and says so', async () => {
    fakeApi();
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const mine = {
      ...pets,
      creatorId: member.id,
      creator: { ...pets.creator, id: member.id },
      startsAt,
      totalVotes: 0,
    };
    const view = renderWithStore(<PollCard poll={mine} />, { user: member });
    fireEvent.click(await screen.findByRole('button', { name: /^Düzenle/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Anketi düzenle' });
    expect(within(dialog).getByText(/Görselli şıklar, süre ve başlangıç zamanı değiştirilemez/)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: '1. şık' })).toBeNull();
    view.unmount();

    // Without images, a scheduled poll's options are there to edit.
    renderWithStore(<PollCard poll={{ ...mine, optionImages: undefined }} />, { user: member });
    fireEvent.click(await screen.findByRole('button', { name: /^Düzenle/ }));
    const plain = await screen.findByRole('dialog', { name: 'Anketi düzenle' });
    expect(within(plain).getByRole('textbox', { name: '1. şık' })).toBeTruthy();
  });
});

describe('options with images on the presenter’s screen', () => {
  it('shows them beside the bars, and beside the options where the counts are hidden', async () => {
    let served: Poll = { ...pets, resultsVisible: true, totalVotes: 4 };
    fakeApi({ 'GET /api/polls/p1': () => json(served) });
    const view = renderAppAt('/sunum/p1', { user: member });
    const bars = await screen.findByRole('list', { name: 'Canlı sonuçlar' });
    expect(imagesOf(bars).map(([alt]) => alt)).toEqual(['Turuncu bir kedi yavrusu', 'Mavi tasmalı bir köpek']);
    view.unmount();
    served = { ...pets, resultsVisible: false };
    renderAppAt('/sunum/p1', { user: member });
    const hidden = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-results-hidden-list]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(imagesOf(hidden).map(([alt]) => alt)).toEqual(['Turuncu bir kedi yavrusu', 'Mavi tasmalı bir köpek']);
  });
});

describe('options with images in the admin panel', () => {
  it('shows a poll’s images with their alt texts in the polls list, none for a poll without', async () => {
    const url = `/api/option-images/${catId}`;
    fakeApi({
      'GET /api/admin/polls': {
        items: [adminPollRow('p1', { images: [{ url, alt: 'Turuncu bir kedi yavrusu' }] }), adminPollRow('p2')],
        totalCount: 2,
        page: 1,
        pageSize: 20,
      },
    });
    renderWithStore(<PollsTab />, { user: { ...member, role: 'admin' } });
    const list = await screen.findByRole('list', { name: 'Şık görselleri (1)' });
    expect(imagesOf(list)).toEqual([['Turuncu bir kedi yavrusu', url]]);
    expect(document.querySelector('[data-poll="p2"] [data-poll-images]')).toBeNull();
  });
});

describe('options with images through a share link', () => {
  const shared = { ...pets, isShareable: true, shortUrl: 'GoRsEl0001' };
  const page = {
    poll: shared,
    creator: shared.creator,
    voteCounts: { '0': 2, '1': 1, '2': 1 },
    hasVoted: false,
    userChoice: null,
  };

  it('shows them on the share page and votes with them', async () => {
    const { requests } = fakeApi({
      'GET /api/s/GoRsEl0001': page,
      'POST /api/s/GoRsEl0001/vote': { ...voteAnswer, userChoice: 1, userChoices: [1] },
    });
    renderAppAt('/s/GoRsEl0001', { user: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Mavi tasmalı bir köpek Köpek' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toMatchObject({
        path: '/api/s/GoRsEl0001/vote',
        body: { optionIndex: 1 },
      }),
    );
  });

  it('shows them in the embed', async () => {
    fakeApi({ 'GET /api/s/GoRsEl0001': page, 'GET /api/embed/visitor': { token: 'v' } });
    renderAppAt('/embed/GoRsEl0001', { user: null });
    const img = await screen.findByRole('img', { name: 'Turuncu bir kedi yavrusu' });
    expect(img.getAttribute('src')).toBe(`/api/option-images/${catId}`);
  });
});

describe('options with images in the create dialog', () => {
  const png = (name = 'kedi.png', type = 'image/png', size = 64) => new File([new Uint8Array(size)], name, { type });
  const pick = (dialog: HTMLElement, index: number, file: File) =>
    fireEvent.change(dialog.querySelector(`[data-option-image-input="${index}"]`)!, { target: { files: [file] } });
  const fill = (dialog: HTMLElement) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Soru' }), {
      target: { value: 'Hangisi daha sevimli?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Ne Yesek/ }));
    for (const [i, text] of ['Kedi', 'Köpek'].entries())
      fireEvent.change(within(dialog).getByRole('textbox', { name: `${i + 1}. şık` }), { target: { value: text } });
  };

  it('uploads a picked image, asks for its alt text and sends both beside the options', async () => {
    const { requests } = fakeApi({
      'POST /api/option-images': json({ id: catId, url: `/api/option-images/${catId}`, width: 800, height: 600 }, 201),
      'POST /api/polls': () => json({ ...pets, id: 'new' }, 201),
    });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    fill(dialog);
    expect(within(dialog).getByRole('button', { name: '1. şıkka görsel ekle' }).textContent).toBe('Görsel ekle');
    pick(dialog, 0, png());
    const alt = await within(dialog).findByRole('textbox', { name: 'Görselin açıklaması (1. şık)' });
    const upload = requests.find((r) => r.path === '/api/option-images')!;
    expect(upload.method).toBe('POST');
    expect(within(dialog).getByRole('img', { name: '1. şıkkın görseli' }).getAttribute('src')).toBe(
      `/api/option-images/${catId}`,
    );

    // No alt text: told in Turkish, nothing created.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    expect(await within(dialog).findByText(/Her görsel için bir açıklama yazmalısın/)).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/polls')).toHaveLength(0);

    fireEvent.change(alt, { target: { value: ' Turuncu bir kedi yavrusu ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Soruyu Fırlat' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/polls')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/polls')!.body).toMatchObject({
      options: JSON.stringify(['Kedi', 'Köpek']),
      optionImages: [{ id: catId, alt: 'Turuncu bir kedi yavrusu' }, null],
    });
  });

  it('refuses a file that is no JPEG, PNG or WebP, or too large, without a request; shows the server’s refusal', async () => {
    const { requests } = fakeApi({
      'POST /api/option-images': json(
        { error: 'unsupported_media_type', message: 'Bu dosya bir görsel değil ya da desteklenmiyor.' },
        415,
      ),
    });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    pick(dialog, 0, png('notlar.txt', 'text/plain'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Bu dosya desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.',
    );
    pick(dialog, 1, png('dev.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await within(dialog).findByText('Görsel dosyası çok büyük: en fazla 5 MB olabilir.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/option-images')).toHaveLength(0);

    pick(dialog, 0, png('sahte.png'));
    expect(await within(dialog).findByText('Bu dosya bir görsel değil ya da desteklenmiyor.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: /Görselin açıklaması/ })).toBeNull();
  });

  it('keeps both images when two uploads end in the other order', async () => {
    let first: (answer: Response) => void = () => {};
    const stored = (id: string) => json({ id, url: `/api/option-images/${id}`, width: 40, height: 40 }, 201);
    fakeApi({
      'POST /api/option-images': async (request: Request) =>
        (await request.clone().arrayBuffer()).byteLength === 10
          ? new Promise<Response>((resolve) => {
              first = resolve;
            })
          : stored(dogId),
    });
    openCreatePollDialog();
    const dialog = screen.getByRole('dialog');
    pick(dialog, 0, png('kedi.png', 'image/png', 10));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '1. şıkka görsel ekle' }).textContent).toBe(
        'Görsel yükleniyor…',
      ),
    );
    pick(dialog, 1, png('kopek.png', 'image/png', 20));
    await within(dialog).findByRole('textbox', { name: 'Görselin açıklaması (2. şık)' });
    first(stored(catId));
    await within(dialog).findByRole('textbox', { name: 'Görselin açıklaması (1. şık)' });
    expect(within(dialog).getByRole('img', { name: '2. şıkkın görseli' }).getAttribute('src')).toBe(
      `/api/option-images/${dogId}`,
    );
  });

  it('keeps each image on its option when options are blank or removed', () => {
    const cat = { id: catId, url: '/c', alt: 'Kedi' };
    const draft = { ...emptyDraft(), options: ['A', '', 'C'], images: withImage(emptyDraft(), 2, cat) };
    expect(draft.images).toEqual([null, null]);
    const three = { ...draft, images: withImage(draft, 2, cat) };
    expect(three.images).toEqual([null, null, cat]);
    expect(optionImagesSent(three)).toEqual({ optionImages: [null, { id: catId, alt: 'Kedi' }] });
    expect(withoutOption(three, 0).images).toEqual([null, cat]);
    expect(optionImagesSent({ ...three, images: [null, null, null] })).toEqual({});
  });
});

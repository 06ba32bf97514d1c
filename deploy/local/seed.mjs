// Demo content for a first `npm start`: three members who follow each other and a handful of polls with
// votes, made through the public API exactly as people would (register, activation mail in MailDev, login,
// follow, create, vote). Runs only while the feed is empty, so a second start adds nothing.

export const demoPassword = 'meydan123';

const members = [
  { username: 'meydan_ekibi', displayName: 'Meydan Ekibi' },
  { username: 'ayse_demo', displayName: 'Ayşe Yılmaz' },
  { username: 'mert_demo', displayName: 'Mert Can' },
];

const polls = [
  {
    by: 0,
    title: 'Yapay zekâ işimizi elimizden alacak mı?',
    category: 'teknoloji-ai',
    options: ['Evet, yakında', 'Bazı işleri', 'Hayır, yeni işler doğacak'],
    votes: [2, 1],
  },
  { by: 1, title: 'Akşam yemeğinde ne yesek?', category: 'yemek-mekan', options: ['Lahmacun', 'Mantı'], votes: [0, 0] },
  {
    by: 2,
    title: 'Hafta sonu için en iyi plan?',
    category: 'gunluk-hayat',
    options: ['Doğa yürüyüşü', 'Sinema', 'Evde dinlenmek'],
    votes: [0, 2],
  },
  {
    by: 0,
    title: 'Yılın dizisi hangisi?',
    category: 'film-dizi-anime',
    options: ['Dram', 'Komedi', 'Bilim kurgu', 'Belgesel'],
    votes: [1, 2],
  },
  {
    by: 1,
    title: 'Çay mı kahve mi?',
    category: 'gunluk-hayat',
    options: ['Çay', 'Kahve'],
    votes: [0, 0],
    type: 'friends',
  },
  {
    by: 2,
    title: 'Bu yaz tatil nereye?',
    category: 'kesfet-seyahat',
    options: ['Ege', 'Karadeniz', 'Yurt dışı'],
    votes: [0],
    shareable: true,
  },
];

async function json(/** @type {Response} */ res) {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/**
 * Seeds the demo content through the gateway; returns a one-line summary, or null when the feed had polls.
 * @param {{ base: string, mailUrl: string }} urls
 * @returns {Promise<string | null>}
 */
export async function seedDemo({ base, mailUrl }) {
  const feed = await json(await fetch(`${base}/api/polls`));
  if (!feed || (feed.totalCount ?? feed.polls?.length ?? 0) > 0) return null;

  /**
   * @param {string | null} cookie
   * @param {string} method
   * @param {string} path
   * @param {object} [body]
   */
  const call = async (cookie, method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      // No Origin: a script, not a page (the gateway checks a browser's Origin against PUBLIC_ORIGIN, whatever it is here).
      headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await json(res);
    if (!res.ok && res.status !== 409) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(data)}`);
    return { res, data };
  };

  /** @type {{ id: string, cookie: string }[]} */
  const sessions = [];
  for (const m of members) {
    const email = `${m.username}@demo.meydan.local`;
    await call(null, 'POST', '/api/register', { ...m, email, password: demoPassword });
    let link;
    for (let i = 0; i < 50 && !link; i++) {
      const inbox = await json(await fetch(`${mailUrl}/email`));
      const mail = (inbox ?? []).find((/** @type {{ to?: { address: string }[], text: string }} */ x) =>
        x.to?.some((t) => t.address === email),
      );
      link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/activate\/\S+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    if (!link) throw new Error(`no activation mail for ${email} in MailDev`);
    await fetch(`${base}${new URL(link).pathname}`);
    const { res, data } = await call(null, 'POST', '/api/login', { email, password: demoPassword });
    sessions.push({
      id: data.id,
      cookie: /** @type {string} */ (/** @type {string} */ (res.headers.get('set-cookie')).split(';')[0]),
    });
  }

  // Everyone follows everyone: the friends' circle (mutual followers) has members.
  for (const a of sessions)
    for (const b of sessions) if (a !== b) await call(a.cookie, 'POST', `/api/users/${b.id}/follow`);

  let created = 0;
  let votes = 0;
  for (const p of polls) {
    const body = {
      title: p.title,
      category: p.category,
      options: p.options,
      type: p.type ?? 'public',
      durationHours: 168,
    };
    const path = p.shareable ? '/api/polls/shareable' : '/api/polls';
    const { data } = await call(
      /** @type {{ cookie: string }} */ (sessions[p.by]).cookie,
      'POST',
      path,
      p.shareable ? body : { ...body, options: JSON.stringify(p.options) },
    );
    const poll = data.poll ?? data;
    created += 1;
    const voters = sessions.filter((_, i) => i !== p.by);
    for (let i = 0; i < p.votes.length && i < voters.length; i++) {
      const target = p.shareable ? `/api/s/${poll.shortUrl}/vote` : `/api/polls/${poll.id}/vote`;
      await call(/** @type {{ cookie: string }} */ (voters[i]).cookie, 'POST', target, { optionIndex: p.votes[i] });
      votes += 1;
    }
  }
  return `seeded ${members.length} demo members (password ${demoPassword}), ${created} polls and ${votes} votes`;
}

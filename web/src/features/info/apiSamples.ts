/**
 * The code samples of the API documentation page (content, not UI strings): the documented calls of the spec —
 * list polls (page, category, limit), create a poll (title, description, category, options[], duration), read one
 * poll, vote with optionId — in JavaScript, Python and cURL, against the site's own address.
 */
export const sampleLanguages = ['JavaScript', 'Python', 'cURL'] as const;
export type SampleLanguage = (typeof sampleLanguages)[number];

export function apiSamples(origin: string): Record<SampleLanguage, string> {
  const base = `${origin.replace(/\/+$/, '')}/api`;
  return {
    JavaScript: `const BASE = '${base}';
const headers = {
  Authorization: 'Bearer <API_ANAHTARIN>',
  'Content-Type': 'application/json',
};

// Anketleri listele: sayfa, kategori ve sayfa başına adet
const list = await fetch(\`\${BASE}/polls?page=1&category=teknoloji-ai&limit=10\`, { headers })
  .then((r) => r.json());
console.log(list.polls, list.totalCount, list.currentPage);

// Yeni anket oluştur (duration: saat; 1, 6, 12, 24, 48, 168 ya da süresiz için 0)
const poll = await fetch(\`\${BASE}/polls\`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    title: 'Hangi editörü kullanıyorsun?',
    description: 'Günlük işlerinde en çok hangisini açıyorsun?',
    category: 'teknoloji-ai',
    options: ['VS Code', 'Vim', 'JetBrains'],
    duration: 24,
  }),
}).then((r) => r.json());

// Tek bir anketi getir
const detail = await fetch(\`\${BASE}/polls/\${poll.id}\`, { headers }).then((r) => r.json());

// Oy ver (optionId: seçeneğin sırası, 0'dan başlar)
const result = await fetch(\`\${BASE}/polls/\${poll.id}/vote\`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ optionId: 0 }),
}).then((r) => r.json());
console.log(result.voteCounts, result.totalVotes);`,
    Python: `import requests

BASE = "${base}"
headers = {"Authorization": "Bearer <API_ANAHTARIN>"}

# Anketleri listele: sayfa, kategori ve sayfa başına adet
r = requests.get(f"{BASE}/polls", params={"page": 1, "category": "teknoloji-ai", "limit": 10}, headers=headers)
r.raise_for_status()
data = r.json()
print(data["totalCount"], data["currentPage"], [p["title"] for p in data["polls"]])

# Yeni anket oluştur (duration: saat; 1, 6, 12, 24, 48, 168 ya da süresiz için 0)
poll = requests.post(f"{BASE}/polls", headers=headers, json={
    "title": "Hangi editörü kullanıyorsun?",
    "description": "Günlük işlerinde en çok hangisini açıyorsun?",
    "category": "teknoloji-ai",
    "options": ["VS Code", "Vim", "JetBrains"],
    "duration": 24,
}).json()

# Tek bir anketi getir
detail = requests.get(f"{BASE}/polls/{poll['id']}", headers=headers).json()

# Oy ver (optionId: seçeneğin sırası, 0'dan başlar)
result = requests.post(f"{BASE}/polls/{poll['id']}/vote", headers=headers, json={"optionId": 0}).json()
print(result["voteCounts"], result["totalVotes"])`,
    cURL: `# Anketleri listele: sayfa, kategori ve sayfa başına adet
curl -s "${base}/polls?page=1&category=teknoloji-ai&limit=10" \\
  -H "Authorization: Bearer <API_ANAHTARIN>"

# Yeni anket oluştur (duration: saat; 1, 6, 12, 24, 48, 168 ya da süresiz için 0)
curl -s -X POST "${base}/polls" \\
  -H "Authorization: Bearer <API_ANAHTARIN>" \\
  -H "Content-Type: application/json" \\
  -d '{"title":"Hangi editörü kullanıyorsun?","description":"Günlük işlerinde en çok hangisini açıyorsun?","category":"teknoloji-ai","options":["VS Code","Vim","JetBrains"],"duration":24}'

# Tek bir anketi getir
curl -s "${base}/polls/<ANKET_ID>" -H "Authorization: Bearer <API_ANAHTARIN>"

# Oy ver (optionId: seçeneğin sırası, 0'dan başlar)
curl -s -X POST "${base}/polls/<ANKET_ID>/vote" \\
  -H "Authorization: Bearer <API_ANAHTARIN>" \\
  -H "Content-Type: application/json" \\
  -d '{"optionId":0}'`,
  };
}

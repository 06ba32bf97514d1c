/**
 * Business constants and limits of both specs (core §5 + §9, profile §5 + §9), plus the few limits we chose where
 * the specs are silent (marked "ours"). Services, the gateway and the web app read them from here; the JSON Schemas
 * in `schemas/` are built from them.
 */
export const limits = {
  poll: {
    /** Options per poll: 2 to 6 (non-empty ones). */
    optionsMin: 2,
    optionsMax: 6,
    /** Title at most 200 characters (and non-empty after trimming). */
    titleMax: 200,
    /** Description optional, at most 500 characters. */
    descriptionMax: 500,
    /** Each option at most 100 characters. */
    optionMax: 100,
    /** Duration choices in hours; 0 means no expiry. */
    durationsHours: [1, 6, 12, 24, 48, 168, 0],
    /** Default duration choice. */
    defaultDurationHours: 24,
    /** FAQ: a poll lasts from 1 hour ... */
    minDurationHours: 1,
    /** ... to 30 days: the latest allowed expiresAt is now + 30 days. */
    maxExpiryDays: 30,
    /** A poll counts as editable for one minute after creation (title and description only). */
    editWindowSeconds: 60,
    editWindowMs: 60_000,
    /** Length of a share link's short code in /s/{shortUrl} (ours; unguessable, url-safe). */
    shortCodeLength: 10,
    /**
     * A share-link poll in the default mode ('Tarayıcı başına'): visitor votes (without an account) from one IP
     * address (IPv6: one /64) counted on one poll, at most (ours: room for a household or a small office behind
     * one NAT; members are not counted). The polls service's SHARE_VOTE_BROWSERS_PER_IP overrides it.
     */
    shareVotesPerIp: 5,
    /**
     * A poll that allows changing a vote: one voter's changes and take-backs on it, at most this many per
     * `voteChangeWindowSeconds` (changing back and forth is refused with 429 beyond it; the polls service's
     * VOTE_CHANGE_LIMIT overrides the count).
     */
    voteChangesMax: 5,
    voteChangeWindowSeconds: 600,
    /** Friends' circle card: at most 5 avatars of friends who voted, then +N. */
    friendsVotedAvatars: 5,
    /** ... and at most 3 of friends who have not, then +N. */
    friendsUnvotedAvatars: 3,
    /** 'Grup Analizi' appears once the viewer voted and the poll has MORE than 1 vote, i.e. at least 2. */
    groupAnalysisMinVotes: 2,
    /** Percentages: one decimal on poll cards ... */
    cardPercentDecimals: 1,
    /** ... whole numbers on the public page and the friends card. */
    publicPercentDecimals: 0,
    /** An option's image ('Görsel ekle', ours): a JPEG, PNG or WebP file of at most 5 MiB ... */
    optionImageMaxBytes: 5 * 1024 * 1024,
    optionImageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
    /** ... decoded only up to 40 megapixels (a small file must not cost seconds of CPU) ... */
    optionImageMaxPixels: 40_000_000,
    /** ... and stored as a WebP at most 800 pixels on its longer side. */
    optionImageMaxSide: 800,
    /** The image's alt text, which its creator writes ('Görselin açıklaması'): required, at most 150 characters. */
    optionImageAltMax: 150,
  },
  quick: {
    /** Quick question at most 150 characters. */
    questionMax: 150,
    /** Each quick option at most 50 characters. */
    optionMax: 50,
    /** A quick question has exactly two options. */
    optionsCount: 2,
    /** The widget advances 1.5 s after a vote. */
    autoAdvanceMs: 1500,
    /** Sample-question cache: 5 minutes. */
    sampleCacheMs: 300_000,
    /** Quick questions are posted as public polls with a 24-hour expiry. */
    durationHours: 24,
  },
  comment: {
    /** Comment at most 500 characters (ours, same as a description). */
    max: 500,
    /** A member writes at most 10 comments in a minute (ours; the window starts at the first of them). */
    perMinute: 10,
    windowMs: 60_000,
  },
  report: {
    /** Report reason at most 100 characters (ours). */
    reasonMax: 100,
    /** Report description at most 500 characters (ours). */
    descriptionMax: 500,
  },
  user: {
    /** Username 3 to 30 characters of letters, digits, _ and . (ours); it cannot be changed. */
    usernameMin: 3,
    usernameMax: 30,
    /** Letters (any alphabet, so Turkish letters too), ASCII digits, underscore and dot. Use with the `u` flag. */
    usernamePattern: '^[\\p{L}0-9_.]+$',
    /** Display name at most 50 characters (ours). */
    displayNameMax: 50,
    /** E-mail at most 254 characters (RFC 5321). */
    emailMax: 254,
    /** Password at least 6 characters ('Şifre en az 6 karakter olmalıdır!'). */
    passwordMin: 6,
    /** Help text only (not enforced): a new password has at least 8 characters. */
    passwordHintMin: 8,
    /** Password at most 128 characters (ours; bounds the hashing cost). */
    passwordMax: 128,
    /** Bio at most 160 characters. */
    bioMax: 160,
    /** Avatar file at most 5 MiB (settings page). */
    avatarMaxBytes: 5 * 1024 * 1024,
    /** Help text says a profile photo is at most 2MB; the settings page's 5MB is what is enforced. */
    avatarHelpMaxBytes: 2 * 1024 * 1024,
    /** Accepted avatar images: JPG, PNG, GIF. */
    avatarMimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
    /** Initials on an avatar without picture: up to 2 letters. */
    initialsMax: 2,
    /** Avatar sizes. */
    avatarSizes: ['sm', 'md', 'lg', 'xl'],
    /** isProfilePublic defaults to true. */
    profilePublicDefault: true,
    /** An avatar is decoded only up to 40 megapixels (ours): a small file must not cost seconds of CPU. */
    avatarMaxPixels: 40_000_000,
  },
  auth: {
    /** The activation link is valid 24 hours and single-use. */
    activationLinkHours: 24,
    activationLinkMs: 24 * 60 * 60 * 1000,
    /** A password-reset link is valid 1 hour and single-use. */
    passwordResetHours: 1,
    /** After this many failed logins on one account (within the failure window) its login needs a solved challenge. */
    failuresBeforeChallenge: 3,
    /** A session lives 30 days (ours). */
    sessionDays: 30,
    sessionMs: 30 * 24 * 60 * 60 * 1000,
  },
  contact: {
    /** Name at least 2 characters ('İsim en az 2 karakter olmalıdır'). */
    nameMin: 2,
    /** Name at most 100 characters (ours). */
    nameMax: 100,
    /** Message at least 10 characters ('Mesaj en az 10 karakter olmalıdır'). */
    messageMin: 10,
    /** Message at most 5000 characters (ours). */
    messageMax: 5000,
    /** Subject values: general question, technical support, account problem, feature suggestion, KVKK, complaint. */
    subjects: ['genel', 'teknik', 'hesap', 'ozellik', 'kvkk', 'sikayet'],
    /** Bot-challenge token at most 2048 characters (Turnstile's documented maximum). */
    turnstileTokenMax: 2048,
  },
  profile: {
    /** Questionnaire: 12 built-in questions, 3 per step, 7 steps, 4 options each. */
    questionCount: 12,
    questionsPerStep: 3,
    questionnaireSteps: 7,
    optionsPerQuestion: 4,
    /** Twelve zodiac signs. */
    zodiacSignCount: 12,
    /** Genders of the questionnaire. */
    genders: ['kadın', 'erkek'],
    /** 81 Turkish cities. */
    turkishCityCount: 81,
    /** Greeting hour thresholds: before 6 night, 12 morning, 17 afternoon, 21 evening, otherwise night. */
    greetingHours: [6, 12, 17, 21],
    /** Ten motivational sentences. */
    motivationalSentences: 10,
    /** Seven profile tabs. */
    tabs: 7,
    /** Followers dialog: list about 80 units high, loading skeleton of 3 rows. */
    followersListHeight: 80,
    followersSkeletonRows: 3,
    /** Birth place text (country, city, district joined by commas) at most 200 characters (ours). */
    birthPlaceMax: 200,
  },
  notifications: {
    /** The bell shows '99+' above 99. */
    unreadBadgeCap: 99,
    /** Popover width 20rem. */
    popoverWidthRem: 20,
    /** On close the client logs a reconnect attempt after 3 s. */
    reconnectDelayMs: 3000,
    /** Fallback text of a notification without message. */
    fallbackMessage: 'Yeni bildirim',
    /**
     * Live poll_update pushes are coalesced per poll: at most about ten a second, so a vote reaches the poll's
     * followers within a fraction of a second under load (performance target: p99 vote answer → poll_update ≤ 250 ms).
     */
    pollUpdateCoalesceMs: 100,
  },
  toast: {
    /** At most 1 toast at once. */
    limit: 1,
    /** A toast lasts 5000 ms. */
    durationMs: 5000,
    /** Swipe to the right with a 50 px threshold dismisses it. */
    swipeDirection: 'right',
    swipeThresholdPx: 50,
    /** Focus hotkey. */
    hotkey: 'F8',
  },
  refresh: {
    /** The public share-link page re-fetches counts every 10 s until the visitor voted. */
    publicPollMs: 10_000,
    /** Feed poll list cache: 5 minutes. */
    feedCacheMs: 300_000,
  },
  feed: {
    /** Page size of GET /api/polls (ours). */
    pageSizeDefault: 20,
    pageSizeMax: 100,
    /** Number of feed topics. */
    topics: 9,
  },
  api: {
    /** API documentation rate limits per hour and tier. */
    rateLimitsPerHour: { free: 100, developer: 1000, business: 10_000 },
  },
  admin: {
    /** Bulk e-mail subject at most 200 characters, body at most 20000 (ours). */
    bulkEmailSubjectMax: 200,
    bulkEmailBodyMax: 20_000,
    /** Bulk e-mail message box rows. */
    bulkEmailRows: 6,
    /** A ban's reason at most 500 characters, a list search at most 100 (ours). */
    banReasonMax: 500,
    searchMax: 100,
    /** Admin tabs, the first is the default. */
    tabs: ['users', 'polls', 'reports', 'queue', 'words', 'actions'],
    /** The trend chart: the last 30 days by default, at most 90 (ours). */
    dailyDaysDefault: 30,
    dailyDaysMax: 90,
  },
  challenge: {
    /** A proof-of-work challenge (login after failures, contact form) is valid 5 minutes and single-use. */
    ttlSeconds: 300,
    /** The solved payload the widget sends is at most 4096 characters. */
    payloadMax: 4096,
  },
  turnstile: {
    /** Bot-challenge widget: normal size 300x65, retry every 8000 ms, response wait 30000 ms polled every 100 ms. */
    width: 300,
    height: 65,
    retryIntervalMs: 8000,
    responseWaitMs: 30_000,
    pollIntervalMs: 100,
  },
  pwa: {
    /** The install prompt appears 10 s after the browser offers installation. */
    installPromptDelayMs: 10_000,
  },
  theme: {
    /** Local storage key and values; dark is the default. */
    storageKey: 'theme',
    values: ['dark', 'light'],
    default: 'dark',
  },
  legal: {
    /** Data-protection (KVKK) requests are answered within 30 days. */
    dataRequestDays: 30,
    /** Account deletion completes within 30 days and is cancelled by signing in within that time. */
    accountDeletionDays: 30,
  },
  support: {
    /** Contact page: average reply about 2 hours; complaints under the terms about 2 business days. */
    averageReplyHours: 2,
    complaintReplyBusinessDays: 2,
    /** SLA text: live chat 2-5 minutes, e-mail within 2 hours, phone instant, complex issues 24 hours. */
    liveChatMinutes: [2, 5],
    emailReplyHours: 2,
    complexIssueHours: 24,
    /** Resolution rates (%): first contact 85, within 24 h 95, within 48 h 99; satisfaction 96. */
    resolutionRates: { firstContact: 85, within24h: 95, within48h: 99 },
    satisfactionPercent: 96,
    /** Support hours: e-mail weekdays 09:00-18:00, phone weekdays 09:00-17:00, chat always. */
    emailHours: ['09:00', '18:00'],
    phoneHours: ['09:00', '17:00'],
  },
} as const;

export type Limits = typeof limits;
/** A poll duration choice in hours (0 = no expiry). */
export type PollDurationHours = (typeof limits.poll.durationsHours)[number];
export type ContactSubject = (typeof limits.contact.subjects)[number];
export type Gender = (typeof limits.profile.genders)[number];
export type ApiTier = keyof typeof limits.api.rateLimitsPerHour;
export type Theme = (typeof limits.theme.values)[number];

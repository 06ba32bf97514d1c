/** How people reach Meydan: one place for the addresses the information pages quote. */
export const contactDetails = {
  supportEmail: 'destek@meydan.app',
  privacyEmail: 'kvkk@meydan.app',
  /** Shown as written; `phoneHref` is the same number for tel: links. */
  phone: '0850 441 36 26',
  phoneHref: 'tel:+908504413626',
  city: 'İstanbul',
  controller: 'Meydan Dijital Hizmetler',
} as const;

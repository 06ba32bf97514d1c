/**
 * The browser's install offer (`beforeinstallprompt`), kept from the page's first moment: the card that acts on it
 * (InstallPromptCard) loads after the first render, and an offer made before it listened was lost (a browser offers
 * early, as soon as the page qualifies). main.tsx starts keeping; the card takes what was kept when it starts listening.
 */
let kept: Event | null = null;
const keep = (event: Event) => {
  kept = event;
};

export function keepInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', keep);
}

/** The offer made before the card listened, if any; from now on the card's own listener hears them. */
export function takeInstallOffer(): Event | null {
  window.removeEventListener('beforeinstallprompt', keep);
  const offer = kept;
  kept = null;
  return offer;
}

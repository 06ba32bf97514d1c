import { trProfile } from '../../i18n/tr-profile';

/** Before 6 night, before 12 morning, before 17 afternoon, before 21 evening, otherwise night. */
export function greetingWords(hour: number): string {
  const g = trProfile.profile.greetings;
  if (hour < 6) return g.night;
  if (hour < 12) return g.morning;
  if (hour < 17) return g.afternoon;
  if (hour < 21) return g.evening;
  return g.night;
}

/** One of the ten motivational sentences, at random. */
export function pickMotivation(random: () => number = Math.random): string {
  const all = trProfile.profile.motivations;
  return all[Math.floor(random() * all.length) % all.length]!;
}

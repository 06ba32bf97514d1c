import { describe, expect, it } from 'vitest';
import { greetingWords, pickMotivation } from '../src/features/profile/greeting';
import { personalizationStatus } from '../src/features/profile/PersonalizationBanner';
import { trProfile } from '../src/i18n/tr-profile';

describe('profile: greeting, motivation and personalization state', () => {
  it('greets by the hour: before 6 night, 12 morning, 17 afternoon, 21 evening, otherwise night', () => {
    const byHour = Array.from({ length: 24 }, (_, hour) => greetingWords(hour));
    const g = trProfile.profile.greetings;
    expect(byHour.slice(0, 6).every((w) => w === g.night)).toBe(true);
    expect(byHour.slice(6, 12).every((w) => w === g.morning)).toBe(true);
    expect(byHour.slice(12, 17).every((w) => w === g.afternoon)).toBe(true);
    expect(byHour.slice(17, 21).every((w) => w === g.evening)).toBe(true);
    expect(byHour.slice(21).every((w) => w === g.night)).toBe(true);
    expect(trProfile.profile.greeting(g.morning, 'Ayşe')).toBe('Günaydın, Ayşe!');
  });

  it('picks one of ten different motivational sentences', () => {
    expect(new Set(trProfile.profile.motivations).size).toBe(10);
    expect(pickMotivation(() => 0)).toBe(trProfile.profile.motivations[0]);
    expect(pickMotivation(() => 0.999)).toBe(trProfile.profile.motivations[9]);
  });

  it('tells the banner state: completed, analysis pending, questions pending', () => {
    expect(personalizationStatus({ aiAnalysisCompleted: true, profileQuestionsCompleted: true })).toBe('completed');
    expect(personalizationStatus({ aiAnalysisCompleted: false, profileQuestionsCompleted: true })).toBe(
      'analysis_pending',
    );
    expect(personalizationStatus({ aiAnalysisCompleted: false, profileQuestionsCompleted: false })).toBe(
      'questions_pending',
    );
  });
});

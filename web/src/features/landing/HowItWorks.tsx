import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { ChartIcon, PlayIcon, PlusIcon, ShareIcon } from '../../ui/icons';

const icons = [PlusIcon, ShareIcon, ChartIcon];

/** 'Nasıl Çalışır?': three steps and the video placeholder. */
export function HowItWorks() {
  return (
    <Section aria-labelledby="how-it-works-title" data-landing>
      <h2 id="how-it-works-title">{tr.landing.title}</h2>
      <Layout>
        <Steps>
          {tr.landing.steps.map((step, i) => {
            const StepIcon = icons[i] ?? PlusIcon;
            return (
              <li key={step.title}>
                <StepNumber aria-hidden="true">
                  <StepIcon />
                </StepNumber>
                <div>
                  <h3>
                    {i + 1}. {step.title}
                  </h3>
                  <p>{step.text}</p>
                </div>
              </li>
            );
          })}
        </Steps>
        <Video role="img" aria-label={`${tr.landing.video}: ${tr.landing.videoSoon}`}>
          <PlayIcon />
          <span>{tr.landing.videoSoon}</span>
        </Video>
      </Layout>
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 { font-size: 1.25rem; }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 1.25rem;

  @media (max-width: 48rem) { grid-template-columns: 1fr; }
`;

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  padding: 0;
  list-style: none;

  li { display: flex; gap: 0.75rem; align-items: flex-start; }
  h3 { font-size: 1rem; }
  p { font-size: 0.9rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 20%, transparent);
  color: ${({ theme }) => theme.colors.primary};
`;

const Video = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 9rem;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;

  svg { width: 2.5rem; height: 2.5rem; color: ${({ theme }) => theme.colors.primary}; }
`;

import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { ButtonLink, buttonStyles } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { contactDetails } from './content/contact-details';
import { resolutionRates, responseTimes, supportCategories, supportChannels, ticketStages } from './content/support';
import { ActionRow, Card, CardGrid, Intro, Muted } from './parts';

const text = trInfo.info.support;

/** The contact form with a subject already chosen (the contact page reads `konu`). */
const ticketLink = (subject: string) => `/iletisim?konu=${encodeURIComponent(subject)}`;

export function SupportPage() {
  return (
    <Page title={tr.pages.support}>
      <Intro>{text.intro}</Intro>

      <section aria-labelledby="support-channels">
        <SectionTitle id="support-channels">{text.channelsTitle}</SectionTitle>
        <CardGrid>
          {supportChannels.map((channel) => (
            <Card key={channel.id} as="article" aria-labelledby={`channel-${channel.id}`}>
              <h3 id={`channel-${channel.id}`}>{channel.title}</h3>
              <Facts>
                <dt>{text.hours}</dt>
                <dd>{channel.hours}</dd>
                <dt>{text.responseTime}</dt>
                <dd>{channel.responseTime}</dd>
              </Facts>
              {channel.detail ? <Detail>{channel.detail}</Detail> : null}
            </Card>
          ))}
        </CardGrid>
        <ActionRow style={{ marginTop: '1rem' }}>
          <ButtonLink to={ticketLink('genel')} $variant="primary">
            {text.startChat}
          </ButtonLink>
          <ButtonLink to={ticketLink('teknik')}>{text.createTicket}</ButtonLink>
          <CallLink href={contactDetails.phoneHref}>{text.call}</CallLink>
        </ActionRow>
      </section>

      <section aria-labelledby="support-categories">
        <SectionTitle id="support-categories">{text.categoriesTitle}</SectionTitle>
        <CardGrid>
          {supportCategories.map((category) => (
            <Card key={category.id} as="article" aria-labelledby={`category-${category.id}`}>
              <h3 id={`category-${category.id}`}>{category.title}</h3>
              <Topics>
                {category.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </Topics>
              <div>
                <ButtonLink to={ticketLink(category.subject)} $size="sm" aria-label={text.ticketFor(category.title)}>
                  {text.createTicket}
                </ButtonLink>
              </div>
            </Card>
          ))}
        </CardGrid>
      </section>

      <section aria-labelledby="support-process">
        <SectionTitle id="support-process">{text.processTitle}</SectionTitle>
        <Steps>
          {ticketStages.map((stage, index) => (
            <li key={stage.title}>
              <StepNumber aria-hidden="true">{index + 1}</StepNumber>
              <div>
                <h3>{stage.title}</h3>
                <Muted>{stage.text}</Muted>
              </div>
            </li>
          ))}
        </Steps>
      </section>

      <section aria-labelledby="support-sla">
        <SectionTitle id="support-sla">{text.slaTitle}</SectionTitle>
        <CardGrid $min="20rem">
          <Card as="div">
            <h3>{text.responseTimesTitle}</h3>
            <Figures>
              {responseTimes.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </Figures>
          </Card>
          <Card as="div">
            <h3>{text.resolutionTitle}</h3>
            <Figures>
              {resolutionRates.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd>{text.percent(row.percent)}</dd>
                </div>
              ))}
            </Figures>
          </Card>
        </CardGrid>
      </section>
    </Page>
  );
}

const SectionTitle = styled.h2`
  margin-bottom: 0.75rem;
  font-size: 1.25rem;
  font-weight: 800;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.25rem 0.75rem;
  margin: 0;

  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.85rem; }
  dd { margin: 0; font-weight: 600; }
`;

const Detail = styled.p`
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Topics = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin: 0;
  padding-left: 1.1rem;
  flex: 1;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr));
  gap: 1rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li { display: flex; gap: 0.75rem; align-items: flex-start; }
  h3 { font-size: 1rem; font-weight: 700; }
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  flex-shrink: 0;
  width: 2rem;
  height: 2rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 800;
`;

const Figures = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;

  div { display: flex; justify-content: space-between; gap: 1rem; padding-bottom: 0.4rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  div:last-child { border-bottom: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 800; font-variant-numeric: tabular-nums; }
`;

const CallLink = styled.a<{ $variant?: 'ghost' }>`
  ${buttonStyles}
`;

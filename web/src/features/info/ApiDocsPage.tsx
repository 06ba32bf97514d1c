import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { limits } from '@meydan/proto';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { Button, ButtonLink } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { Spinner } from '../../ui/Spinner';
import { useCurrentUser } from '../session/sessionApi';
import { settingsTokensPath } from '../settings/anchors';
import { dialogOpened } from '../../store/uiSlice';
import { apiSamples, sampleLanguages, type SampleLanguage } from './apiSamples';
import {
  exampleOf,
  jsonSchemaOf,
  operationsByTag,
  useOpenApiDocumentQuery,
  type OpenApiDocument,
  type OperationView,
} from './openapiView';

const T = trInfo.apiDocs;
const tiers = limits.api.rateLimitsPerHour;

/** /api-documentation and /api-dokumantasyonu: behind a login guard; for members the API from its OpenAPI document. */
export function ApiDocsPage() {
  const { user } = useCurrentUser();
  if (user === undefined) {
    return (
      <Page title={tr.pages.apiDocs}>
        <Spinner />
      </Page>
    );
  }
  return user ? <MemberDocs /> : <SignInRequired />;
}

function SignInRequired() {
  const dispatch = useAppDispatch();
  return (
    <Page title={tr.pages.apiDocs}>
      <Card role="region" aria-labelledby="api-signin-title">
        <h2 id="api-signin-title">{T.signInTitle}</h2>
        <p>{T.signInText}</p>
        <Row>
          <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
            {T.signIn}
          </Button>
          <ButtonLink to="/" $variant="ghost">
            {T.backHome}
          </ButtonLink>
        </Row>
      </Card>
    </Page>
  );
}

function MemberDocs() {
  const origin = globalThis.location?.origin ?? '';
  return (
    <Page title={tr.pages.apiDocs}>
      <Lead>{T.lead}</Lead>
      <Section aria-labelledby="api-auth">
        <h2 id="api-auth">{T.authTitle}</h2>
        <p>{T.authText}</p>
        <Code tabIndex={0}>{T.authHeader}</Code>
        <p>
          {T.authCreate} <Link to={settingsTokensPath}>{T.authToSettings}</Link>
        </p>
      </Section>
      <Section aria-labelledby="api-tiers">
        <h2 id="api-tiers">{T.tiersTitle}</h2>
        <Table>
          <caption>{T.tiersCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.tierColumn}</th>
              <th scope="col">{T.limitColumn}</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(T.tiers) as (keyof typeof T.tiers)[]).map((tier) => (
              <tr key={tier}>
                <th scope="row">{T.tiers[tier]}</th>
                <td>{T.perHour(tiers[tier])}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Muted>{T.tiersNote}</Muted>
      </Section>
      <Samples origin={origin} />
      <Endpoints />
      <Section aria-labelledby="api-security">
        <h2 id="api-security">{T.securityTitle}</h2>
        <ul>
          {T.securityNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </Section>
    </Page>
  );
}

function Samples({ origin }: { origin: string }) {
  const [language, setLanguage] = useState<SampleLanguage>('JavaScript');
  const samples = useMemo(() => apiSamples(origin), [origin]);
  return (
    <Section aria-labelledby="api-samples">
      <h2 id="api-samples">{T.samplesTitle}</h2>
      <p>{T.samplesLead}</p>
      <Row role="group" aria-label={T.samplesLanguage}>
        {sampleLanguages.map((name) => (
          <Button
            key={name}
            $variant={name === language ? 'primary' : 'ghost'}
            $size="sm"
            aria-pressed={name === language}
            onClick={() => setLanguage(name)}
          >
            {name}
          </Button>
        ))}
      </Row>
      <Code tabIndex={0} aria-label={`${T.samplesTitle}: ${language}`}>
        {samples[language]}
      </Code>
    </Section>
  );
}

function Endpoints() {
  const { data, isLoading, isError } = useOpenApiDocumentQuery();
  const groups = useMemo(() => (data ? operationsByTag(data) : []), [data]);
  const count = groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <Section aria-labelledby="api-endpoints">
      <h2 id="api-endpoints">{T.endpointsTitle}</h2>
      {isLoading && <Spinner withText label={T.endpointsLoading} />}
      {isError && <p role="alert">{T.endpointsFailed}</p>}
      {data && (
        <>
          <Muted>
            {T.endpointsCount(count)} · <a href="/api/openapi.json">{T.openapiLink}</a>
          </Muted>
          {groups.map((group) => (
            <Group key={group.tag} aria-labelledby={`api-tag-${group.tag}`}>
              <h3 id={`api-tag-${group.tag}`}>
                {group.tag}
                {group.description && <TagText> — {group.description}</TagText>}
              </h3>
              {group.operations.map((op) => (
                <Operation key={op.id} view={op} doc={data} />
              ))}
            </Group>
          ))}
        </>
      )}
    </Section>
  );
}

function Operation({ view, doc }: { view: OperationView; doc: OpenApiDocument }) {
  const { method, path, operation } = view;
  const parameters = operation.parameters ?? [];
  const body = jsonSchemaOf(operation.requestBody);
  const [status, response] = Object.entries(operation.responses ?? {}).find(([code]) => /^2/.test(code)) ?? [];
  const responseSchema = jsonSchemaOf(response);
  return (
    <Details data-operation={`${method.toUpperCase()} ${path}`}>
      <summary>
        <Method>{method.toUpperCase()}</Method> <PathText>{path}</PathText>{' '}
        <SummaryText>{operation.summary ?? T.noSummary}</SummaryText>
      </summary>
      {parameters.length > 0 && (
        <>
          <h4>{T.parameters}</h4>
          <ul>
            {parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code>{p.name}</code> ({T.location[p.in] ?? p.in}, {p.required ? T.required : T.optional})
                {p.schema?.type ? ` · ${[p.schema.type].flat().join(' | ')}` : ''}
                {p.description ? ` · ${p.description}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {body && (
        <>
          <h4>{T.requestExample}</h4>
          <Code tabIndex={0}>{JSON.stringify(exampleOf(body, doc), null, 2)}</Code>
        </>
      )}
      {status && responseSchema && (
        <>
          <h4>{T.responseExample(status)}</h4>
          <Code tabIndex={0}>{JSON.stringify(exampleOf(responseSchema, doc), null, 2)}</Code>
        </>
      )}
    </Details>
  );
}

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  line-height: 1.6;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Card = styled.div`
  display: grid;
  gap: 0.75rem;
  max-width: 32rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    line-height: 1.5;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Section = styled.section`
  display: grid;
  gap: 0.75rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    line-height: 1.5;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
    line-height: 1.6;
  }
`;

const Group = styled.section`
  display: grid;
  gap: 0.5rem;
  h3 {
    margin: 0.5rem 0 0;
    font-size: 1.05rem;
  }
`;

const TagText = styled.span`
  font-weight: 400;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Code = styled.pre`
  margin: 0;
  padding: 0.875rem 1rem;
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.85rem;
  line-height: 1.5;
  white-space: pre;
`;

const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  max-width: 28rem;
  caption {
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
    padding-bottom: 0.5rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.75rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Details = styled.details`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 0.5rem 0.75rem;
  min-width: 0;
  summary {
    cursor: pointer;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.5rem;
  }
  h4 {
    margin: 0.75rem 0 0.25rem;
    font-size: 0.95rem;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

const Method = styled.span`
  display: inline-block;
  min-width: 4.25rem;
  padding: 0.1rem 0.4rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-weight: 700;
  font-size: 0.8rem;
  text-align: center;
`;

const PathText = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  overflow-wrap: anywhere;
`;

const SummaryText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

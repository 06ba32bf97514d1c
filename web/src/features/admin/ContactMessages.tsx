import { useState } from 'react';
import styled from 'styled-components';
import { contactStageLabels, type AdminContactMessagePage } from '@meydan/proto';
import { api } from '../../store/api';
import { trInfo } from '../../i18n/tr-info';
import { trAdmin } from '../../i18n/tr-admin';
import { formatDateTime } from '../../lib/time';
import { Badge, Line, ListState, Meta, Pager, Row, RowMain, Rows } from './parts';

const T = trAdmin.admin.reports;
const PAGE_SIZE = 20;

export type AdminContactMessage = AdminContactMessagePage['items'][number];

const contactMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminContactMessages: build.query<AdminContactMessagePage, number>({
      query: (page) => ({ url: '/admin/messages', params: { page, pageSize: PAGE_SIZE } }),
    }),
  }),
});

const { useAdminContactMessagesQuery } = contactMessagesApi;

/** What visitors and members sent through the contact form (/iletisim), newest first, read-only. */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError } = useAdminContactMessagesQuery(page);

  return (
    <Section aria-labelledby="admin-contact-messages">
      <h2 id="admin-contact-messages">{T.messagesTitle}</h2>
      {data && data.items.length > 0 ? (
        <>
          <Rows aria-busy={isFetching || undefined}>
            {data.items.map((message) => (
              <Row key={message.id} data-ticket={message.ticketNumber}>
                <RowMain>
                  <Line>
                    <strong>{message.ticketNumber}</strong>
                    <Badge>{trInfo.contact.subjects[message.subject]}</Badge>
                    <Badge tone={message.status === 'yeni' ? 'strong' : 'plain'}>
                      {contactStageLabels[message.status]}
                    </Badge>
                  </Line>
                  <Line>
                    <span>{message.name}</span>
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                  </Line>
                  <Text>{message.message}</Text>
                  <Meta>{formatDateTime(message.createdAt)}</Meta>
                </RowMain>
              </Row>
            ))}
          </Rows>
          <Pager page={data.page} pageSize={data.pageSize} totalCount={data.totalCount} onPage={setPage} />
        </>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.messagesEmpty} />
      )}
    </Section>
  );
}

const Section = styled.section`
  margin-top: 2rem;

  h2 {
    font-size: 1.125rem;
    margin: 0 0 0.75rem;
  }
`;

const Text = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

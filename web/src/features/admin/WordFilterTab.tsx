import { limits, wordFilterActions, type WordFilterAction } from '@meydan/proto';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button } from '../../ui/buttons';
import { Actions, FieldFrame, Form, InputField, controlStyles } from '../../ui/fields';
import { formatDateTime } from '../../lib/time';
import { useToast } from '../toasts/useToast';
import {
  useAddWordFilterEntryMutation,
  useRemoveWordFilterEntryMutation,
  useWordFilterQuery,
  type WordFilterEntry,
} from './moderationApi';
import { Badge, Line, ListState, Meta, Muted, Row, RowActions, RowMain, Rows } from './parts';

const T = trAdmin.admin.words;

/** The word filter: add a word or pattern with what a match does, list them, remove one. */
export function WordFilterTab() {
  const { data, isLoading, isError } = useWordFilterQuery();
  return (
    <Stack>
      <Muted as="p">{T.intro}</Muted>
      <AddForm />
      {data && data.items.length > 0 ? (
        <Rows aria-label={T.listLabel}>
          {data.items.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </Rows>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.empty} />
      )}
    </Stack>
  );
}

function AddForm() {
  const [pattern, setPattern] = useState('');
  const [action, setAction] = useState<WordFilterAction>('refuse');
  const [error, setError] = useState<string | undefined>();
  const [add, { isLoading }] = useAddWordFilterEntryMutation();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await add({ pattern, action }).unwrap();
      setError(undefined);
      setPattern('');
      toast({ title: trAdmin.admin.success, description: T.added, variant: 'success' });
    } catch (err) {
      setError(apiErrorMessage(err) ?? trAdmin.admin.failed);
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label={T.title}>
      <InputField
        label={T.pattern}
        name="pattern"
        value={pattern}
        counter={limits.report.reasonMax}
        onChange={(e) => setPattern(e.target.value)}
        error={error}
      />
      <FieldFrame label={T.action} hint={T.holdNote}>
        {({ id, describedBy }) => (
          <Select
            id={id}
            name="action"
            aria-describedby={describedBy}
            value={action}
            onChange={(e) => setAction(e.target.value as WordFilterAction)}
          >
            {wordFilterActions.map((value) => (
              <option key={value} value={value}>
                {T.actions[value]}
              </option>
            ))}
          </Select>
        )}
      </FieldFrame>
      <Actions>
        <Button type="submit" $variant="primary" disabled={isLoading || !pattern.trim()}>
          {T.add}
        </Button>
      </Actions>
    </Form>
  );
}

function EntryRow({ entry }: { entry: WordFilterEntry }) {
  const [remove, { isLoading }] = useRemoveWordFilterEntryMutation();
  const toast = useToast();
  async function removeIt() {
    try {
      await remove(entry.id).unwrap();
      toast({ title: trAdmin.admin.success, description: T.removed, variant: 'success' });
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }
  return (
    <Row data-word={entry.pattern}>
      <RowMain>
        <Line>
          <strong>{entry.pattern}</strong>
          <Badge tone={entry.action === 'refuse' ? 'danger' : 'plain'}>{T.actions[entry.action]}</Badge>
        </Line>
        <Meta>{formatDateTime(entry.createdAt)}</Meta>
      </RowMain>
      <RowActions>
        <Button $size="sm" disabled={isLoading} aria-label={T.removeLabel(entry.pattern)} onClick={removeIt}>
          {T.remove}
        </Button>
      </RowActions>
    </Row>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Select = styled.select`
  ${controlStyles}
`;

import type { PollOption } from '@meydan/proto';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { trRanked } from '../../i18n/tr-ranked';
import { Button } from '../../ui/buttons';
import { BallotFieldset, BallotHint, BallotSubmit } from './ballotParts';
import { OptionText } from './OptionImage';
import { OptionList as List } from './optionList';

/**
 * A ranked poll before voting ('Sıralamalı oy'): the options as an ordered list, each with 'Yukarı taşı' and 'Aşağı
 * taşı' buttons (keyboard and screen reader alike: a live line says where the moved option now stands) and 'Sıralamadan
 * çıkar', which moves it to a list of the options left out, each with 'Sıralamaya ekle' (back at the end). 'Oy ver'
 * sends the ranked options as the ballot, most preferred first: some or all of them, at least one.
 */
export function RankedBallot({
  options,
  disabled,
  busy,
  onSubmit,
}: {
  options: readonly PollOption[];
  disabled?: boolean;
  busy?: boolean;
  onSubmit: (ranking: number[]) => void;
}) {
  const [order, setOrder] = useState<number[]>(() => options.map((o) => o.id));
  const leftOut = options.filter((o) => !order.includes(o.id));
  const [said, setSaid] = useState('');
  const hintId = useId();
  const textOf = (id: number) => options.find((o) => o.id === id)?.text ?? '';

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    setOrder(next);
    setSaid(trRanked.ballot.moved(textOf(id!), to + 1));
  }

  function remove(id: number) {
    setOrder(order.filter((o) => o !== id));
    setSaid(trRanked.ballot.removed(textOf(id)));
  }

  function add(id: number) {
    setOrder([...order, id]);
    setSaid(trRanked.ballot.added(textOf(id), order.length + 1));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (order.length > 0) onSubmit(order);
  }

  return (
    <form onSubmit={submit} data-ranked-ballot aria-busy={busy || undefined}>
      <BallotFieldset aria-describedby={hintId} disabled={disabled}>
        <Legend>{trRanked.ballot.legend}</Legend>
        <BallotHint id={hintId}>{trRanked.ballot.hint}</BallotHint>
        <List as="ol">
          {order.map((id, place) => (
            <Item key={id} data-option={id}>
              <Place aria-hidden="true">{trRanked.ballot.place(place + 1)}</Place>
              <Text>
                <OptionText option={{ id, text: textOf(id) }} />
              </Text>
              <Button
                $size="sm"
                aria-label={trRanked.ballot.moveUp(textOf(id))}
                disabled={place === 0}
                onClick={() => move(place, place - 1)}
              >
                ↑
              </Button>
              <Button
                $size="sm"
                aria-label={trRanked.ballot.moveDown(textOf(id))}
                disabled={place === order.length - 1}
                onClick={() => move(place, place + 1)}
              >
                ↓
              </Button>
              <Button $size="sm" aria-label={trRanked.ballot.remove(textOf(id))} onClick={() => remove(id)}>
                ✕
              </Button>
            </Item>
          ))}
        </List>
        {leftOut.length > 0 && (
          <LeftOut data-left-out>
            <LeftOutTitle>{trRanked.ballot.leftOut}</LeftOutTitle>
            <List>
              {leftOut.map((option) => (
                <Item key={option.id} data-option={option.id} $out>
                  <Text>
                    <OptionText option={option} />
                  </Text>
                  <Button $size="sm" aria-label={trRanked.ballot.add(option.text)} onClick={() => add(option.id)}>
                    +
                  </Button>
                </Item>
              ))}
            </List>
          </LeftOut>
        )}
        <Said aria-live="polite">{order.length === 0 ? trRanked.ballot.noneRanked : said}</Said>
        <BallotSubmit type="submit" $variant="primary" disabled={busy || order.length === 0}>
          {trRanked.ballot.submit}
        </BallotSubmit>
      </BallotFieldset>
    </form>
  );
}

const Item = styled.li<{ $out?: boolean }>`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-height: 2.75rem;
  padding: 0.4rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $out }) => ($out ? 'transparent' : theme.colors.surfaceRaised)};
  border-style: ${({ $out }) => ($out ? 'dashed' : 'solid')};
`;

const LeftOut = styled.div`
  display: grid;
  gap: 0.35rem;
`;

const LeftOutTitle = styled.p`
  margin: 0;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Place = styled.span`
  min-width: 1.5rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
`;

const Text = styled.span`
  flex: 1;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Said = styled.p`
  margin: 0;
  min-height: 1em;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Legend = styled.legend`
  padding: 0;
  font-weight: 600;
`;

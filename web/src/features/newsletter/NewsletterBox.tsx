import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trNewsletter } from '../../i18n/tr-newsletter';
import { Button } from '../../ui/buttons';
import { validateForm } from '../../lib/validation';
import { ErrorText, Input } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { useSubscribeNewsletterMutation } from './newsletterApi';

const text = trNewsletter;
/**
 * 'Abone Ol': asks the contact service to send a confirmation mail (double opt-in). Whatever the server says is
 * shown; nothing is pretended in the browser.
 */
export function NewsletterBox({ compact = false }: { compact?: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Fetched on the first submit: the box is in every page's footer, and the first load of / has a size budget.
    const { newsletterSubscribe: newsletterSubscribeForm } = await import('../../generated/forms/newsletterSubscribe');
    const checked = validateForm(newsletterSubscribeForm, 'newsletterSubscribe', { email: email.trim() });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    try {
      const answer = await subscribe(checked.value).unwrap();
      toast({ title: text.successTitle, description: answer.message, variant: 'success' });
      setEmail('');
    } catch (failure) {
      toast({ title: text.failedTitle, description: apiErrorMessage(failure) ?? text.failedText, variant: 'error' });
    }
  };

  return (
    // In the footer it is part of the page's contentinfo, not a landmark of its own (the blog has the other box).
    <Box
      as={compact ? 'div' : 'section'}
      aria-labelledby={compact ? undefined : `${id}-title`}
      $compact={compact}
      data-newsletter
    >
      <Title id={`${id}-title`} as={compact ? 'p' : 'h2'}>
        {text.title}
      </Title>
      <Description>{text.text}</Description>
      <form noValidate onSubmit={submit}>
        <Row>
          <Input
            id={`${id}-email`}
            // Named by the box's title: a second field called 'E-posta' on pages with their own e-mail field
            // (registration, contact) would make 'the e-mail field' ambiguous for assistive technology.
            aria-labelledby={`${id}-title`}
            type="email"
            autoComplete="email"
            placeholder={text.placeholder}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" $variant="primary" disabled={isLoading}>
            {isLoading ? text.submitting : text.submit}
          </Button>
        </Row>
        {error ? (
          <ErrorText id={`${id}-error`} role="alert">
            {error}
          </ErrorText>
        ) : null}
      </form>
    </Box>
  );
}

const Box = styled.section<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  max-width: ${({ $compact }) => ($compact ? '26rem' : '40rem')};
  ${({ $compact, theme }) =>
    $compact
      ? ''
      : `padding: 1.25rem; border-radius: ${theme.radii.lg}; border: 1px solid ${theme.colors.border}; background: ${theme.colors.surface};`}

  form { display: flex; flex-direction: column; gap: 0.35rem; }
`;

const Description = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.h2`
  font-size: 1.05rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;

  input { flex: 1; min-width: 0; }
`;

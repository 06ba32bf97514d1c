import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { tr } from '../i18n/tr';

interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows 'used/max' beside the label. */
  count?: { used: number; max: number };
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error of one form field, wired for assistive technology. */
export function FieldFrame({ label, error, hint, count, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <LabelRow>
        <label htmlFor={id}>{label}</label>
        {count ? (
          <Counter aria-hidden="true" $over={count.used > count.max}>
            {tr.common.charCount(count.used, count.max)}
          </Counter>
        ) : null}
      </LabelRow>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Field>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  counter?: number;
};

export function InputField({ label, error, hint, counter, ...input }: InputFieldProps) {
  const used = typeof input.value === 'string' ? [...input.value].length : 0;
  return (
    <FieldFrame label={label} error={error} hint={hint} count={counter ? { used, max: counter } : undefined}>
      {({ id, describedBy, invalid }) => (
        <Input id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...input} />
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  counter?: number;
};

export function TextAreaField({ label, error, hint, counter, ...area }: TextAreaFieldProps) {
  const used = typeof area.value === 'string' ? [...area.value].length : 0;
  return (
    <FieldFrame label={label} error={error} hint={hint} count={counter ? { used, max: counter } : undefined}>
      {({ id, describedBy, invalid }) => (
        <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid || undefined} {...area} />
      )}
    </FieldFrame>
  );
}

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
`;

const LabelRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 0.5rem;

  label { font-weight: 600; font-size: 0.9rem; }
`;

export const Counter = styled.span<{ $over?: boolean }>`
  font-size: 0.8rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
`;

export const controlStyles = css`
  width: 100%;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.95rem;

  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; opacity: 0.8; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 0; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; }
`;

export const Input = styled.input`
  ${controlStyles}
  min-height: 2.6rem;
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 5rem;
  resize: vertical;
`;

export const Hint = styled.p`
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const ErrorText = styled.p`
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 0.25rem;
`;

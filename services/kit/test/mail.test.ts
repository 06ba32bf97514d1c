/**
 * Mail requests carry their body sealed with MAIL_SECRET (the kit's mail.ts): no link of it can be read off the bus or
 * the stream, only a holder of the key opens it, and the recipient, subject and tag cannot be changed under it.
 */
import { describe, expect, it } from 'vitest';
import { createAjv, mailRequestSchema } from '@meydan/proto';
import { openMail, sealMail } from '@meydan/kit';

const secret = 'a-mail-secret-of-at-least-32-characters!';
const mail = {
  to: 'ayse@example.com',
  subject: 'Şifreni sıfırla',
  html: '<a href="https://meydan.example/sifre-sifirla?token=Zr8pQw3KkV0yT6bNmXc2LhJd">Şifreni sıfırla</a>',
  text: 'Şifreni sıfırla: https://meydan.example/sifre-sifirla?token=Zr8pQw3KkV0yT6bNmXc2LhJd',
  tag: 'password-reset',
  userId: '0123456789abcdef01234567',
};

describe('sealed mail requests', () => {
  it('carry no link and no body in the clear, and match the contract', () => {
    const request = sealMail(secret, mail);
    const wire = JSON.stringify(request);
    expect(wire).not.toContain('Zr8pQw3KkV0yT6bNmXc2LhJd');
    expect(wire).not.toContain('sifre-sifirla');
    expect(request).toMatchObject({ to: mail.to, subject: mail.subject, tag: mail.tag, userId: mail.userId });
    const validate = createAjv().compile(mailRequestSchema);
    expect(validate(request), JSON.stringify(validate.errors)).toBe(true);
    // Two seals of one mail differ (a fresh nonce each time).
    expect(sealMail(secret, mail).body).not.toBe(request.body);
  });

  it('open with the same MAIL_SECRET only, and not once their recipient, subject or tag was changed', () => {
    const request = sealMail(secret, mail);
    expect(openMail(secret, request)).toEqual(mail);
    expect(() => openMail('another-mail-secret-of-32-characters-ok', request)).toThrow(/does not open/);
    expect(() => openMail(secret, { ...request, to: 'saldirgan@example.com' })).toThrow(/does not open/);
    expect(() => openMail(secret, { ...request, subject: 'Başka' })).toThrow(/does not open/);
    expect(() => openMail(secret, { ...request, tag: 'bulk' })).toThrow(/does not open/);
    expect(() => sealMail(undefined, mail)).toThrow(/MAIL_SECRET/);
    expect(() => sealMail('short', mail)).toThrow(/MAIL_SECRET/);
  });
});

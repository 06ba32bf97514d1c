/**
 * The ALTCHA widget, loaded only when a form needs it. The "external" build carries neither inline styles nor
 * workers made from blob: URLs, so it runs under the site's CSP (script-src 'self'): its stylesheet and its
 * PBKDF2 worker are ordinary files of our own bundle.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import './altcha-overrides.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { trAltcha } from '../i18n/tr-altcha';

globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
// Our own Turkish texts rather than the package's (altcha/i18n/tr), whose footer repeats the name.
globalThis.$altcha.i18n.set('tr', { ...trAltcha });

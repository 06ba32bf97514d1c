/**
 * The one count formatter (Turkish grouping, `12.345`), for components; it lives with the catalogue
 * (i18n/count.ts), whose texts print counts too. Durations are lib/duration.ts's `formatDuration`.
 */
export { formatCount } from '../i18n/count';

/** A ticket number as the sender quotes it: MYD-<year>-<sequence of that year, six digits or more>. */
export const formatTicketNumber = (year: number, seq: number): string => `MYD-${year}-${String(seq).padStart(6, '0')}`;

/** How long a report or a held text has waited, in words: '2 gün 3 saat', '5 saat 12 dakika', '4 dakika'. */
export function waitingText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} gün${hours ? ` ${hours} saat` : ''}`;
  if (hours > 0) return `${hours} saat${minutes ? ` ${minutes} dakika` : ''}`;
  return `${minutes} dakika`;
}

/** What the read model keeps of a deleted account in place of its username, e-mail and display name. */
export function deletedAccount(userId: string): { username: string; email: string; displayName: string } {
  return {
    username: `silinmis_${userId.slice(-8)}`,
    email: `silinmis-${userId}@silinmis.invalid`,
    displayName: 'Silinmiş üye',
  };
}

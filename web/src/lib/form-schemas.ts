/** The schemas the web app validates forms with: export name → proto `$id` (compiled by web/scripts/). */
export const formSchemas = {
  pollCreate: 'meydan/poll-create',
  register: 'meydan/register',
  login: 'meydan/login',
  forgotPassword: 'meydan/forgot-password',
  resetPassword: 'meydan/reset-password',
  quickQuestion: 'meydan/quick-question',
  commentCreate: 'meydan/comment-create',
  reportCreate: 'meydan/report-create',
  bulkEmail: 'meydan/bulk-email',
} as const;

export type FormSchema = keyof typeof formSchemas;

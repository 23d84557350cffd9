/** Every URL of the SPA in one place. */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  twoFa: '/two-fa',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
} as const;

/** Every URL of the SPA in one place. */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  twoFa: '/two-fa',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  userManagement: '/user-management',
  roles: '/roles',
  locations: '/locations',
  securityPlan: '/security-plan',
  charges: '/charges',
} as const;

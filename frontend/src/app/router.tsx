import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect } from '@/app/routes/home-redirect';
import { PageFallback } from '@/app/routes/page-fallback';
import { PublicOnly } from '@/app/routes/public-only';
import { RequireAuth } from '@/app/routes/require-auth';
import { RequireView } from '@/app/routes/require-view';
import { RouteError } from '@/app/routes/route-error';
import { paths } from '@/lib/paths';

/** The list each vehicle and member path shows; the list pages take it as a prop. */
const vehicleLists = [
  [paths.reviewVehicles, 'review'],
  [paths.approvedVehicles, 'approved'],
  [paths.rejectedVehicles, 'rejected'],
  [paths.soldVehicles, 'sold'],
  [paths.canceledVehicles, 'canceled'],
] as const;

const auctionLists = [
  [paths.draftAuctions, 'draft'],
  [paths.publishedAuctions, 'published'],
  [paths.unpublishedAuctions, 'unpublished'],
  [paths.completedAuctions, 'completed'],
] as const;

const memberLists = [
  [paths.reviewMembers, 'review'],
  [paths.activeMembers, 'approved'],
  [paths.deactivatedMembers, 'deactivated'],
  [paths.rejectedMembers, 'rejected'],
  [paths.inactiveMembers, 'inactive'],
] as const;

/** The channel each Alerts path shows; the page takes it as a prop. */
const alertChannels = [
  [paths.promotions, 'sms'],
  [paths.whatsappSms, 'whatsapp'],
  [paths.emails, 'email'],
] as const;

/** Every page is its own chunk, loaded on first visit. */
export const routes: RouteObject[] = [
  {
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicOnly,
        children: [
          { path: paths.login, lazy: async () => ({ Component: (await import('@/features/auth/pages/login-page')).LoginPage }) },
          {
            path: paths.forgotPassword,
            lazy: async () => ({ Component: (await import('@/features/auth/pages/forgot-password-page')).ForgotPasswordPage }),
          },
          { path: paths.twoFa, lazy: async () => ({ Component: (await import('@/features/auth/pages/two-fa-page')).TwoFaPage }) },
          {
            path: paths.resetPassword,
            lazy: async () => ({ Component: (await import('@/features/auth/pages/reset-password-page')).ResetPasswordPage }),
          },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: async () => ({ Component: (await import('@/app/shell/app-shell')).AppShell }),
            children: [
              {
                path: paths.dashboard,
                lazy: async () => ({ Component: (await import('@/features/dashboard/pages/dashboard-page')).DashboardPage }),
              },
              { path: paths.profile, lazy: async () => ({ Component: (await import('@/features/profile/pages/profile-page')).ProfilePage }) },
              {
                element: <RequireView module="Vehicles" />,
                children: [
                  ...vehicleLists.map(([path, list]) => ({
                    path,
                    lazy: async () => {
                      const { VehiclesPage } = await import('@/features/vehicles/pages/vehicles-page');
                      return { Component: () => <VehiclesPage list={list} /> };
                    },
                  })),
                  {
                    path: `${paths.vehicle}/:vehicleId`,
                    lazy: async () => ({ Component: (await import('@/features/vehicles/pages/vehicle-detail-page')).VehicleDetailPage }),
                  },
                  { path: paths.gate, lazy: async () => ({ Component: (await import('@/features/gate/pages/gate-page')).GatePage }) },
                ],
              },
              {
                element: <RequireView module="Members" />,
                children: [
                  ...memberLists.map(([path, list]) => ({
                    path,
                    lazy: async () => {
                      const { MembersPage } = await import('@/features/members/pages/members-page');
                      return { Component: () => <MembersPage list={list} /> };
                    },
                  })),
                  {
                    path: `${paths.member}/:memberId`,
                    lazy: async () => ({ Component: (await import('@/features/members/pages/member-detail-page')).MemberDetailPage }),
                  },
                ],
              },
              {
                element: <RequireView module="Auctions" />,
                children: auctionLists.map(([path, list]) => ({
                  path,
                  lazy: async () => {
                    const { AuctionsPage } = await import('@/features/auctions/pages/auctions-page');
                    return { Component: () => <AuctionsPage list={list} /> };
                  },
                })),
              },
              {
                element: <RequireView module="Calender" />,
                children: [{ path: paths.calendar, lazy: async () => ({ Component: (await import('@/features/auctions/pages/calendar-page')).CalendarPage }) }],
              },
              {
                element: <RequireView module="Users" />,
                children: [
                  { path: paths.userManagement, lazy: async () => ({ Component: (await import('@/features/users/pages/users-page')).UsersPage }) },
                ],
              },
              {
                element: <RequireView module="Roles" />,
                children: [
                  { path: paths.roles, lazy: async () => ({ Component: (await import('@/features/roles/pages/roles-page')).RolesPage }) },
                ],
              },
              {
                element: <RequireView module="AuditLog" />,
                children: [
                  { path: paths.auditLog, lazy: async () => ({ Component: (await import('@/features/audit/pages/audit-log-page')).AuditLogPage }) },
                ],
              },
              {
                element: <RequireView module="Settings" />,
                children: [
                  {
                    path: paths.locations,
                    lazy: async () => ({ Component: (await import('@/features/locations/pages/locations-page')).LocationsPage }),
                  },
                  {
                    path: paths.securityPlan,
                    lazy: async () => ({ Component: (await import('@/features/plans/pages/security-plan-page')).SecurityPlanPage }),
                  },
                  { path: paths.charges, lazy: async () => ({ Component: (await import('@/features/charges/pages/charges-page')).ChargesPage }) },
                  {
                    path: paths.businessSettings,
                    lazy: async () => ({ Component: (await import('@/features/business/pages/business-settings-page')).BusinessSettingsPage }),
                  },
                  { path: paths.bidIncrements, lazy: async () => ({ Component: (await import('@/features/increments/pages/increments-page')).IncrementsPage }) },
                ],
              },
              {
                // The Sessions row: the page checks its view and shows 'no access' otherwise.
                path: paths.sessions,
                lazy: async () => ({ Component: (await import('@/features/sessions/pages/sessions-page')).SessionsPage }),
              },
              {
                element: <RequireView module="Payments" />,
                children: [
                  {
                    path: paths.invoiceManagement,
                    lazy: async () => ({ Component: (await import('@/features/invoices/pages/invoices-page')).InvoicesPage }),
                  },
                  {
                    path: paths.inboundPayments,
                    lazy: async () => ({ Component: (await import('@/features/payments/pages/inbound-payments-page')).InboundPaymentsPage }),
                  },
                  {
                    path: paths.outboundPayments,
                    lazy: async () => ({ Component: (await import('@/features/outbound/pages/outbound-payments-page')).OutboundPaymentsPage }),
                  },
                ],
              },
              {
                element: <RequireView module="Reports" />,
                children: [
                  { path: paths.reports, lazy: async () => ({ Component: (await import('@/features/reports/pages/reports-page')).ReportsPage }) },
                ],
              },
              {
                element: <RequireView module="Alerts" />,
                children: alertChannels.map(([path, channel]) => ({
                  path,
                  lazy: async () => {
                    const { ChannelPage } = await import('@/features/alerts/pages/channel-page');
                    return { Component: () => <ChannelPage channel={channel} /> };
                  },
                })),
              },
              {
                // An auction event's page and its lanes' clerk consoles (sale day).
                element: <RequireView module="Auctions" />,
                children: [
                  {
                    path: `${paths.auctionEvent}/:eventId`,
                    lazy: async () => ({ Component: (await import('@/features/auctions/pages/auction-event-page')).AuctionEventPage }),
                  },
                  { path: paths.onApproval, lazy: async () => ({ Component: (await import('@/features/auctions/pages/on-approval-page')).OnApprovalPage }) },
                  {
                    path: `${paths.auctionEvent}/:eventId/lanes/:lane/console`,
                    lazy: async () => ({ Component: (await import('@/features/auctions/pages/lane-console-page')).LaneConsolePage }),
                  },
                  {
                    path: `${paths.auctionEvent}/:eventId/live`,
                    lazy: async () => ({ Component: (await import('@/features/auctions/pages/auction-event-live-page')).AuctionEventLivePage }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '/bid/*', lazy: async () => ({ Component: (await import('@/bidder/bidder-app')).BidderApp }) },
      { path: '*', Component: HomeRedirect },
    ],
  },
];

export const router = createBrowserRouter(routes);

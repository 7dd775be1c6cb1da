import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { RouteError } from './routes/route-error';

// Every screen is its own chunk so the first screen only downloads what it shows.
const Landing = lazy(() => import('./routes/landing'));
const Login = lazy(() => import('./routes/login'));
const Logout = lazy(() => import('./routes/logout'));
const NotFound = lazy(() => import('./routes/not-found'));
const Onboard = lazy(() => import('./routes/onboard'));
const Contract = lazy(() => import('./routes/contract'));
const Agreement = lazy(() => import('./routes/agreement'));
const SignedInLayout = lazy(() => import('./routes/app/layout'));
const Dashboard = lazy(() => import('./routes/app/dashboard'));
const MyDetails = lazy(() => import('./routes/app/my-details'));
const VehicleManagement = lazy(() => import('./routes/app/vehicle-management'));
const TeamDiscount = lazy(() => import('./routes/app/team-discount'));
const TeamApps = lazy(() => import('./routes/app/team-apps'));
const Survey = lazy(() => import('./routes/app/survey'));

/** Outermost route: one loader while a screen's chunk arrives. */
function Root() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

/** The routes of docs/product.md#frame. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/login', element: <Login /> },
      { path: '/logout', element: <Logout /> },
      {
        element: <SignedInLayout />,
        children: [
          {
            // A page that fails shows its error inside the frame, so the menu stays usable.
            errorElement: <RouteError inFrame />,
            children: [
              { path: '/dashboard', element: <Dashboard /> },
              { path: '/my-details', element: <MyDetails /> },
              { path: '/vehicle-management', element: <VehicleManagement /> },
              { path: '/team-discount', element: <TeamDiscount /> },
              { path: '/team-apps', element: <TeamApps /> },
              { path: '/survey/:id', element: <Survey /> },
            ],
          },
        ],
      },
      { path: '/onboard/:token', element: <Onboard /> },
      { path: '/contract/:token', element: <Contract /> },
      { path: '/agreement/:token', element: <Agreement /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The browser router of the app, created once on first render. */
export function AppRouter() {
  return <RouterProvider router={getRouter()} />;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;
function getRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { RouteErrorBoundary } from './routes/route-error-boundary';

// Every screen is its own chunk so the first screen only downloads what it shows.
const Landing = lazy(() => import('./routes/landing'));
const Login = lazy(() => import('./routes/login'));
const Logout = lazy(() => import('./routes/logout'));
const NotFound = lazy(() => import('./routes/not-found'));
const Onboard = lazy(() => import('./routes/onboard'));
const Contract = lazy(() => import('./routes/contract'));
const Agreement = lazy(() => import('./routes/agreement'));
const SetPassword = lazy(() => import('./routes/set-password'));
const Verify = lazy(() => import('./routes/verify'));
const SignedInLayout = lazy(() => import('./routes/app/layout'));
const Dashboard = lazy(() => import('./routes/app/dashboard'));
const MyDetails = lazy(() => import('./routes/app/my-details'));
const VehicleManagement = lazy(() => import('./routes/app/vehicle-management'));
const TeamDiscount = lazy(() => import('./routes/app/team-discount'));
const TeamApps = lazy(() => import('./routes/app/team-apps'));
const Survey = lazy(() => import('./routes/app/survey'));
const MyDocuments = lazy(() => import('./routes/app/my-documents'));
const QueryRoot = lazy(() => import('./query-root'));
// The HR console: one chunk that loads its own screens, so no staff or joiner screen downloads any of it.
const Console = lazy(() => import('./routes/admin/layout'));

interface ScreenRoute {
  path: string;
  screen: ComponentType;
}

/** The screens shown inside the signed-in frame (docs/product.md#frame). */
const signedInRoutes: ScreenRoute[] = [
  { path: '/dashboard', screen: Dashboard },
  { path: '/my-details', screen: MyDetails },
  { path: '/vehicle-management', screen: VehicleManagement },
  { path: '/team-discount', screen: TeamDiscount },
  { path: '/team-apps', screen: TeamApps },
  { path: '/survey/:id', screen: Survey },
  { path: '/my-documents', screen: MyDocuments },
  { path: '/my-documents/:id', screen: MyDocuments },
];

/** The screens on their own, from an emailed link or around sign-in (docs/product.md#frame). */
const publicRoutes: ScreenRoute[] = [
  { path: '/', screen: Landing },
  { path: '/logout', screen: Logout },
  { path: '/onboard/:token', screen: Onboard },
  { path: '/contract/:token', screen: Contract },
  { path: '/agreement/:token', screen: Agreement },
  { path: '/set-password/:token', screen: SetPassword },
  { path: '/verify', screen: Verify },
];

/** Any address of a signed-in screen, so that moving between them keeps the frame mounted. */
const SIGNED_IN_PATH = new RegExp(
  `^(?:${signedInRoutes.map(({ path }) => path.replace(/:\w+/g, '[^/]+')).join('|')})/?$`,
);

/**
 * Any address under `/admin`: the HR console (docs/product.md#console). Its layout knows its screens
 * (src/web/app/routes/admin/layout.tsx) and answers an address it does not know with the not-found
 * page inside its frame, so this entry chunk, which `/login` loads too, does not grow with the console.
 */
const CONSOLE_PATH = /^\/admin(?:\/.*)?$/;

/** The signed-in frame around the screen the address names; a failing screen shows its error inside the frame. */
function SignedInScreens() {
  const [location] = useLocation();
  return (
    <SignedInLayout>
      <RouteErrorBoundary location={location} inFrame>
        <Switch>
          {signedInRoutes.map(({ path, screen }) => (
            <Route key={path} path={path} component={screen} />
          ))}
        </Switch>
      </RouteErrorBoundary>
    </SignedInLayout>
  );
}

/** The routes of docs/product.md#frame, with one loader while a screen's chunk arrives. */
export function AppRouter() {
  const [location] = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<FullPageLoader />}>
        <Switch>
          {/* Sign-in makes its two calls without the query library, and so loads first. */}
          <Route path="/login" component={Login} />
          <Route>
            <QueryRoot>
              <Switch>
                {publicRoutes.map(({ path, screen }) => (
                  <Route key={path} path={path} component={screen} />
                ))}
                <Route path={SIGNED_IN_PATH} component={SignedInScreens} />
                <Route path={CONSOLE_PATH} component={Console} />
                <Route component={NotFound} />
              </Switch>
            </QueryRoot>
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

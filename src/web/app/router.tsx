import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
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
const QueryRoot = lazy(() => import('./query-root'));

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
];

/** The screens on their own, from an emailed link or around sign-in (docs/product.md#frame). */
const publicRoutes: ScreenRoute[] = [
  { path: '/', screen: Landing },
  { path: '/logout', screen: Logout },
  { path: '/onboard/:token', screen: Onboard },
  { path: '/contract/:token', screen: Contract },
  { path: '/agreement/:token', screen: Agreement },
];

/** Any address of a signed-in screen, so that moving between them keeps the frame mounted. */
const SIGNED_IN_PATH = new RegExp(`^(?:${signedInRoutes.map(({ path }) => path.replace(/:\w+/g, '[^/]+')).join('|')})/?$`);

/**
 * Shows the route error screen in place of a screen that failed to render or whose code did not
 * arrive, and tries again when the address changes (docs/product.md#errors).
 */
class RouteErrorBoundary extends Component<{ children: ReactNode; location: string; inFrame?: boolean }, { error: unknown; at: string | null }> {
  override state = { error: undefined as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { location: string }, state: { error: unknown; at: string | null }) {
    if (state.at === null) return { at: props.location };
    return props.location === state.at ? null : { error: undefined, at: props.location };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} inFrame={this.props.inFrame} />;
  }
}

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
                <Route component={NotFound} />
              </Switch>
            </QueryRoot>
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

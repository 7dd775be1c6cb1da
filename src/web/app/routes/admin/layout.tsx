import Container from '@mui/material/Container';
import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { NotAllowedPage } from '@web/components/errors/not-allowed-page';
import { NotFoundPage } from '@web/components/errors/not-found-page';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import SignedInLayout from '@web/app/routes/app/layout';
import { RouteErrorBoundary } from '@web/app/routes/route-error-boundary';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { ConsoleTabs } from '@web/features/console/shared/components/console-tabs';
import { sessionEnded, signInNeeded, statusOf } from '@web/lib/api-client';

// Each console screen is its own chunk, loaded from this one: the bundler then knows the signed-in
// frame is already there when they load, and leaves the libraries they share with it in the frame's
// chunk instead of splitting them out of what every staff screen downloads.
const People = lazy(() => import('./people'));
const Person = lazy(() => import('./person'));
const StaffImport = lazy(() => import('./staff-import'));
const Joiners = lazy(() => import('./joiners'));
const Insurance = lazy(() => import('./insurance'));
const Documents = lazy(() => import('./documents'));
const Templates = lazy(() => import('./templates'));
const Setup = lazy(() => import('./setup'));
const Payroll = lazy(() => import('./payroll'));
const RightToWork = lazy(() => import('./right-to-work'));
const Surveys = lazy(() => import('./surveys'));
const SurveyResults = lazy(() => import('./survey-results'));

/** `/admin` itself opens the people list, the console's first screen. */
function ConsoleHome() {
  return <Redirect to="/admin/people" replace />;
}

/** The HR console's screens (docs/product.md#console); src/web/app/router.tsx sends every `/admin` address here. */
const consoleRoutes: { path: string; screen: ComponentType }[] = [
  { path: '/admin', screen: ConsoleHome },
  { path: '/admin/people', screen: People },
  // Before a person's page, whose `:id` would take `import`.
  { path: '/admin/people/import', screen: StaffImport },
  { path: '/admin/people/:id', screen: Person },
  { path: '/admin/joiners', screen: Joiners },
  { path: '/admin/insurance', screen: Insurance },
  { path: '/admin/documents', screen: Documents },
  { path: '/admin/templates', screen: Templates },
  { path: '/admin/setup', screen: Setup },
  { path: '/admin/payroll', screen: Payroll },
  { path: '/admin/right-to-work', screen: RightToWork },
  { path: '/admin/surveys', screen: Surveys },
  { path: '/admin/surveys/:id', screen: SurveyResults },
];

/** A 403 that is a refusal for want of a console role, not an ended session (docs/product.md#console-roles). */
function refusedForRole(error: unknown): boolean {
  return statusOf(error) === 403 && !signInNeeded(error) && !sessionEnded(error);
}

/**
 * The HR console under /admin (docs/product.md#console): the signed-in frame (sign-in when the session
 * has ended, the menu, the two-factor dialog a role change may need) around the console screen the
 * address names, shown once GET /admin/me says who may use it, under the console's tabs (People,
 * Joiners, Insurance). A staff member without a console role gets the not-allowed page; a failing
 * screen shows its error inside the frame, the tabs still above it.
 */
export default function ConsoleLayout() {
  const [location] = useLocation();
  const consoleMe = useConsoleMe();
  if (refusedForRole(consoleMe.error)) return <NotAllowedPage />;

  let content;
  if (consoleMe.data) {
    content = (
      <>
        <ConsoleTabs />
        <RouteErrorBoundary location={location} inFrame>
          <Suspense fallback={<Spinner minHeight="60vh" />}>
            <Switch>
              {consoleRoutes.map(({ path, screen }) => (
                <Route key={path} path={path} component={screen} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
      </>
    );
  } else if (consoleMe.isError && !sessionEnded(consoleMe.error) && !signInNeeded(consoleMe.error)) {
    content = (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <QueryErrorAlert error={consoleMe.error} onRetry={() => void consoleMe.refetch()} />
      </Container>
    );
  } else {
    // Loading, or an ended session, which the frame sends to sign-in.
    content = <Spinner minHeight="60vh" />;
  }
  return <SignedInLayout>{content}</SignedInLayout>;
}

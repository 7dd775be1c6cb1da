import { useParams } from 'wouter';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { PersonPage } from '@web/features/console/people/components/person-page';

/** `/admin/people/:id`: a person's page (docs/product.md#people); the console layout has already loaded the console role. */
export default function PersonRoute() {
  const { id } = useParams();
  const { data: consoleMe } = useConsoleMe();
  if (!id || !consoleMe) return null;
  // Keyed by id: another person starts with their own dialogs closed.
  return <PersonPage key={id} id={id} consoleMe={consoleMe} />;
}

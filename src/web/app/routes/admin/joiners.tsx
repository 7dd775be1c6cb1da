import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { JoinersPage } from '@web/features/console/joiners/components/joiners-page';

/** `/admin/joiners`: invite a joiner and follow them on the board (docs/product.md#joiners); the console layout has already loaded the console role. */
export default function JoinersRoute() {
  const { data: consoleMe } = useConsoleMe();
  if (!consoleMe) return null;
  return <JoinersPage consoleMe={consoleMe} />;
}

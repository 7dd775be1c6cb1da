import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { TemplatesPage } from '@web/features/console/templates/components/templates-page';

/** `/admin/templates`: the stored contract and agreement templates (docs/product.md#document-templates); the console layout has already loaded the role. */
export default function TemplatesRoute() {
  const { data: consoleMe } = useConsoleMe();
  if (!consoleMe) return null;
  return <TemplatesPage consoleMe={consoleMe} />;
}

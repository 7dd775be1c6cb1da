import { PeoplePage, prefetchPeopleGrid } from '@web/features/console/people/components/people-page';

// The table's code starts arriving with this screen's, not after its first render.
prefetchPeopleGrid();

/** `/admin/people`: the console's people list (docs/product.md#people). */
export default function PeopleRoute() {
  return <PeoplePage />;
}

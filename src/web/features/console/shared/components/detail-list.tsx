import { DetailList as SharedDetailList, type DetailListProps } from '@web/components/ui/detail-list';

/** Shown for a detail the person has not given. */
export const NOT_GIVEN = 'Not given';

/** The console's definition list: the shared one, a missing value reading 'Not given'. */
export function DetailList({ items }: Pick<DetailListProps, 'items'>) {
  return <SharedDetailList items={items} empty={NOT_GIVEN} />;
}

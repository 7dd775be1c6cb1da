import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ErasureItem } from '@shared/api/console/people.js';
import { formatDisplayDate } from '@web/lib/format-date';

/** "Kept until DD/MM/YYYY: why", or why it waits for an event. */
export function keptText(item: ErasureItem): string {
  const until = item.kept_until ? `Kept until ${formatDisplayDate(item.kept_until)}` : 'Kept';
  return item.why ? `${until}: ${item.why}` : until;
}

/**
 * The kinds of a leaver's data in two lists (docs/product.md#erasure-on-request): "Kept by law" with each
 * one's last day and reason, and "Erased now" (or, after an erasure, nothing to erase). Kinds they hold
 * none of are left out.
 */
export function ErasureList({
  items,
  erasedHeading = 'Will be erased now',
}: {
  items: ErasureItem[];
  erasedHeading?: string;
}) {
  const kept = items.filter((i) => i.status === 'kept');
  const erased = items.filter((i) => i.status === 'erase');
  return (
    <>
      <section aria-label="Kept by law">
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Kept by law
        </Typography>
        {kept.length ? (
          <List dense disablePadding>
            {kept.map((item) => (
              <ListItem key={item.kind} disableGutters>
                <ListItemText
                  primary={item.label}
                  secondary={keptText(item)}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">Nothing: the law keeps none of it any more.</Typography>
        )}
      </section>
      {erased.length > 0 && (
        <section aria-label={erasedHeading}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {erasedHeading}
          </Typography>
          <List dense disablePadding>
            {erased.map((item) => (
              <ListItem key={item.kind} disableGutters>
                <ListItemText primary={item.label} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
              </ListItem>
            ))}
          </List>
        </section>
      )}
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorText } from '@web/lib/error-text';
import { staleCodeOf } from '@web/lib/stale-code';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useCommonErrorsT } from './i18n';

/**
 * The generic error screen (docs/product.md#errors): 'Something went wrong: ' and the alert text of
 * `error`, with 'Return Home'. Code that did not arrive after an update shows nothing while the page
 * reloads itself, then, if it still does not arrive, 'Staffroom has been updated. Reload the page to
 * continue.' with 'Reload' (src/web/lib/stale-code.ts).
 * `fullHeight` false when shown inside the frame, which already provides the page's landmark and height.
 */
export function ErrorPage({ error, fullHeight = true }: { error: unknown; fullHeight?: boolean }) {
  const t = useCommonErrorsT();
  const stale = staleCodeOf(error);
  useDocumentTitle(stale ? t('common.errors.updatedTitle') : t('common.errors.wentWrongTitle'));
  if (stale === 'reloading') return null;
  return (
    <Box
      component={fullHeight ? 'main' : 'div'}
      sx={{
        minHeight: fullHeight ? '100vh' : '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography component="h1" variant="h2" role="alert" sx={{ maxWidth: 560, overflowWrap: 'anywhere' }}>
        {stale ? t('common.errors.updated') : t('common.errors.wentWrong', { message: errorText(error) })}
      </Typography>
      {stale ? (
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common.errors.reload')}
        </Button>
      ) : (
        // A full navigation: whatever broke is best left behind with a fresh page.
        <Button variant="contained" href="/dashboard">
          {t('common.errors.returnHome')}
        </Button>
      )}
    </Box>
  );
}

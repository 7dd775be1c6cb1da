import DownloadIcon from '@mui/icons-material/Download';
import PersonIcon from '@mui/icons-material/Person';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { StaffMember } from '@shared/api/my-details.js';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { OPEN_MODAL_PARAM, PICTURE_MODAL_VALUE, returnToOf } from '@web/lib/profile-picture-link';
import { useDownloadMyData } from '../api/download-my-data';
import { useDetailsT } from '../i18n';
import { bankingSummary, contactSummary, personalSummary } from '../lib/card-summaries';
import { DetailsCard } from './details-card';
import type { DetailsModalProps } from './details-modal-props';

type ModalKind = 'contact' | 'banking' | 'personal' | 'picture';

// Each modal is its own chunk (the banking masks and the camera stay out of the page's code).
const loaders: Record<ModalKind, () => Promise<{ default: ComponentType<DetailsModalProps> }>> = {
  contact: () => import('./contact-modal'),
  banking: () => import('./banking-modal'),
  personal: () => import('./personal-modal'),
  picture: () => import('./picture-modal'),
};
const MODALS: Record<ModalKind, ComponentType<DetailsModalProps>> = {
  contact: lazy(loaders.contact),
  banking: lazy(loaders.banking),
  personal: lazy(loaders.personal),
  picture: lazy(loaders.picture),
};

const prefetch = (kind: ModalKind) => () => void loaders[kind]();

/**
 * My Details (docs/product.md#my-details): the title, then 'My Information' with four cards (Email & Contact, Banking,
 * Personal & Profile, Profile Picture), each summing up the current values and opening its modal.
 * A modal starts afresh from the staff member each time it opens. Below the cards, 'My data' downloads
 * everything held about the member as one zip (docs/product.md#subject-access), with a spinner while
 * the server prepares it; a failure other than a cancelled second factor shows under the button.
 *
 * `?open=picture` opens the Profile Picture modal on arrival (Team Discount's 'Update my picture',
 * see lib/profile-picture-link). Closing it then goes back to the history state's `returnTo` when
 * there is one, or else drops the parameter.
 */
export function MyDetails({ staff }: { staff: StaffMember }) {
  const [params, setParams] = useSearchParams();
  const historyState: unknown = useHistoryState();
  const [, navigate] = useLocation();
  const [modal, setModal] = useState<{ kind: ModalKind; open: boolean; session: number } | null>(() =>
    params.get(OPEN_MODAL_PARAM) === PICTURE_MODAL_VALUE ? { kind: 'picture', open: true, session: 1 } : null,
  );

  const open = (kind: ModalKind) => () =>
    setModal((current) => ({ kind, open: true, session: (current?.session ?? 0) + 1 }));
  const close = () => {
    setModal((current) => current && { ...current, open: false });
    if (!params.has(OPEN_MODAL_PARAM)) return;
    const back = returnToOf(historyState);
    if (back) {
      navigate(back, { replace: true });
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_MODAL_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const t = useDetailsT();
  const myData = useDownloadMyData();
  const myDataFailure = myData.isError && statusOf(myData.error) !== 402 ? errorText(myData.error) : null;

  const selfie = staff.selfie?.data.uri;
  const Modal = modal ? MODALS[modal.kind] : null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h1">
        {t('details.title')}
      </Typography>
      <Box component="section" aria-labelledby="my-information-heading" sx={{ mt: { xs: 3, sm: 4 } }}>
        <Typography id="my-information-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          {t('details.myInformation')}
        </Typography>
        <Grid container spacing={{ xs: 2, md: 3 }}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <DetailsCard
              title={t('details.contact.title')}
              lines={contactSummary(staff, t)}
              actionLabel={t('details.edit')}
              onOpen={open('contact')}
              onPrefetch={prefetch('contact')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <DetailsCard
              title={t('details.banking.title')}
              lines={bankingSummary(staff, t)}
              actionLabel={t('details.edit')}
              onOpen={open('banking')}
              onPrefetch={prefetch('banking')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <DetailsCard
              title={t('details.personal.title')}
              lines={personalSummary(staff, t)}
              actionLabel={t('details.edit')}
              onOpen={open('personal')}
              onPrefetch={prefetch('personal')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <DetailsCard
              title={t('details.picture.title')}
              lines={[selfie ? t('details.picture.saved') : t('details.picture.none')]}
              media={
                selfie ? (
                  <Avatar src={selfie} alt={t('details.picture.yours')} sx={{ width: 56, height: 56 }} />
                ) : (
                  <Avatar sx={{ width: 56, height: 56 }} aria-hidden>
                    <PersonIcon />
                  </Avatar>
                )
              }
              actionLabel={selfie ? t('details.view') : t('details.add')}
              onOpen={open('picture')}
              onPrefetch={prefetch('picture')}
            />
          </Grid>
        </Grid>
      </Box>
      <Box component="section" aria-labelledby="my-data-heading" sx={{ mt: { xs: 4, sm: 5 } }}>
        <Typography id="my-data-heading" component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('details.myData.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: '60ch' }}>
          {t('details.myData.intro')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          loading={myData.isPending}
          loadingPosition="start"
          onClick={() => myData.mutate()}
          sx={{ minHeight: 44 }}
        >
          {myData.isPending ? t('details.myData.preparing') : t('details.myData.download')}
        </Button>
        {myDataFailure && (
          <Alert severity="error" sx={{ mt: 2, maxWidth: '60ch' }}>
            {myDataFailure}
          </Alert>
        )}
      </Box>
      {modal && Modal && (
        <Suspense fallback={null}>
          <Modal key={modal.session} open={modal.open} staff={staff} onClose={close} />
        </Suspense>
      )}
    </Container>
  );
}

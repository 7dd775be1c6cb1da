import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Language } from '@shared/languages.js';
import { chooseLanguage } from './language-choice';
import { dismissOffer } from './offer';
import { OFFERS } from './offers';

/** The offer of `language`, in that language: its question, the button that switches to it, and a close button. */
export function OfferLine({ language, signedIn }: { language: Language; signedIn: boolean }) {
  const offer = OFFERS[language];
  return (
    <Box
      lang={language}
      role="region"
      aria-label={offer.question}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      <Typography sx={{ fontWeight: 500 }}>{offer.question}</Typography>
      <Button
        size="small"
        variant="outlined"
        onClick={() => void chooseLanguage(language, { signedIn }).catch(() => {})}
      >
        {offer.accept}
      </Button>
      <IconButton size="small" aria-label={offer.dismiss} onClick={dismissOffer} sx={{ ml: 'auto' }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

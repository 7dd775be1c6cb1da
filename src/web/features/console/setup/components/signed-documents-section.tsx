import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@web/features/console/shared/components/section-card';

/**
 * Set-up's Signed documents (HR, docs/product.md#set-up): the certificate of the authority that seals
 * every signed contract and agreement, downloaded by the browser (`GET /api/admin/signing-authority`,
 * a .pem file), to add to the trusted certificates of the PDF readers HR uses; and the way to the
 * public `/verify` page, which checks a signed PDF.
 */
export function SignedDocumentsSection() {
  return (
    <SectionCard title="Signed documents">
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          Every signed contract and agreement carries a digital signature that PDF readers check. Add this certificate
          to your PDF reader’s trusted certificates to see the group named as a trusted signer.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="outlined" href="/api/admin/signing-authority" download>
            Download the signing certificate
          </Button>
          <Button variant="text" href="/verify" target="_blank" rel="noopener">
            Check a signed document
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}

import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Person } from '@shared/api/console/people.js';
import { formatDisplayDate, formatDisplayDateTime } from '@web/lib/format-date';
import { personDocumentsZipUrl } from '../api/person-documents-zip';
import { actionText, actorText } from '../lib/history';
import { inWords, vehicleInsuranceText } from '../lib/in-words';
import { DetailList } from '@web/features/console/shared/components/detail-list';
import type { Invited } from '@web/features/console/shared/components/invite-form';
import { OnboardingChip } from './onboarding-chip';
import { OnboardingLinkActions } from '@web/features/console/shared/components/onboarding-link-actions';
import { SectionCard } from '@web/features/console/shared/components/section-card';

/** A date as DD/MM/YYYY, or null (shown as 'Not given') when there is none. */
const dateOrNull = (iso: string | null) => (iso ? formatDisplayDate(iso) : null);

/** A line for a card with nothing to list. */
function Nothing({ children }: { children: string }) {
  return <Typography color="text.secondary">{children}</Typography>;
}

/** Details: contact, personal and work details; bank details masked as the server sends them (docs/product.md#people). */
export function DetailsCard({ person }: { person: Person }) {
  return (
    <SectionCard title="Details">
      <DetailList
        items={[
          { label: 'Email', value: person.email_address },
          { label: 'Mobile', value: person.mobile },
          { label: 'Known as', value: person.known_as },
          { label: 'Date of birth', value: dateOrNull(person.date_of_birth) },
          { label: 'Address', value: person.address },
          { label: 'Venue', value: person.venue },
          { label: 'Position', value: person.position },
          { label: 'Start date', value: dateOrNull(person.start_date) },
          { label: 'Bank account', value: person.bank_account },
          { label: 'Sort code', value: person.sort_code },
        ]}
      />
    </SectionCard>
  );
}

/**
 * Onboarding: the stage as a chip, training and picture, and while they are on their way (or their
 * link has expired) the link's actions, as on the Joiners board.
 */
export function OnboardingCard({ person, onUnsent }: { person: Person; onUnsent: (invited: Invited) => void }) {
  return (
    <SectionCard title="Onboarding">
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <OnboardingChip stage={person.onboarding} />
        <DetailList
          items={[
            { label: 'Training', value: person.initial_training_complete ? 'Complete' : 'Not yet' },
            { label: 'Picture', value: person.has_selfie ? 'Yes' : 'No' },
          ]}
        />
        <OnboardingLinkActions joiner={person} stage={person.onboarding} onUnsent={onUnsent} size="medium" />
      </Stack>
    </SectionCard>
  );
}

/**
 * Documents: each contract and agreement with its state and dates, newest as the server orders them,
 * and for a signed one its signed PDF with the certificate page (the evidence) to download; with any
 * signed, all of them with their evidence as one zip.
 */
export function DocumentsCard({ person }: { person: Person }) {
  return (
    <SectionCard title="Documents">
      {person.documents.length === 0 ? (
        <Nothing>No documents yet.</Nothing>
      ) : (
        <List disablePadding>
          {person.documents.map((document, index) => (
            <ListItem key={document.id} disableGutters divider={index < person.documents.length - 1}>
              <ListItemText
                primary={document.title}
                secondary={[
                  inWords(document.kind),
                  inWords(document.status),
                  `issued ${formatDisplayDate(document.issued_at)}`,
                  document.signed_at ? `signed ${formatDisplayDate(document.signed_at)}` : 'not signed',
                ].join(' · ')}
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
              {document.signed_pdf && (
                <Button
                  component="a"
                  href={document.signed_pdf}
                  download
                  size="small"
                  startIcon={<DownloadIcon />}
                  aria-label={`Download signed PDF: ${document.title}`}
                  sx={{ flexShrink: 0, ml: 1 }}
                >
                  Signed PDF
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {person.documents.some((document) => document.signed_pdf) && (
        <Button
          component="a"
          href={personDocumentsZipUrl(person.id)}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ mt: 1.5, minHeight: 44 }}
        >
          Download all signed (zip)
        </Button>
      )}
    </SectionCard>
  );
}

/** Vehicles: registration, the insurance document's state (with the last day of approved cover) and the MOT's expiry. */
export function VehiclesCard({ person }: { person: Person }) {
  return (
    <SectionCard title="Vehicles">
      {person.vehicles.length === 0 ? (
        <Nothing>No vehicles.</Nothing>
      ) : (
        <List disablePadding>
          {person.vehicles.map((vehicle, index) => (
            <ListItem key={vehicle.id} disableGutters divider={index < person.vehicles.length - 1}>
              <ListItemText
                primary={vehicle.registration}
                secondary={`Insurance ${vehicleInsuranceText(vehicle)} · MOT expires ${vehicle.mot_expiry ? formatDisplayDate(vehicle.mot_expiry) : 'unknown'}`}
                slotProps={{ primary: { sx: { fontWeight: 600, letterSpacing: '0.05em' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** Surveys: the surveys they have answered, newest first (their answers are counted in the survey's results). */
export function SurveysCard({ person }: { person: Person }) {
  return (
    <SectionCard title="Surveys">
      {person.surveys.length === 0 ? (
        <Nothing>No surveys answered.</Nothing>
      ) : (
        <List disablePadding>
          {person.surveys.map((answered, index) => (
            <ListItem
              key={`${answered.survey_id}-${answered.submitted_at}`}
              disableGutters
              divider={index < person.surveys.length - 1}
            >
              <ListItemText
                primary={answered.name}
                secondary={`Answered ${formatDisplayDateTime(answered.submitted_at)}`}
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

/** History: the audit log about this person, when, what and who. */
export function HistoryCard({ person }: { person: Person }) {
  return (
    <SectionCard title="History">
      {person.history.length === 0 ? (
        <Nothing>Nothing recorded yet.</Nothing>
      ) : (
        <List disablePadding>
          {person.history.map((entry, index) => (
            <ListItem key={index} disableGutters divider={index < person.history.length - 1}>
              <ListItemText
                primary={actionText(entry.action)}
                secondary={`${formatDisplayDateTime(entry.at)} · ${actorText(entry.actor, person, entry.actor_name)}`}
                slotProps={{
                  primary: { sx: { overflowWrap: 'anywhere' } },
                  secondary: { sx: { overflowWrap: 'anywhere' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

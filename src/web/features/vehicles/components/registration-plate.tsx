import Typography from '@mui/material/Typography';

/**
 * A registration drawn as a UK rear number plate (black on yellow). It is the card's heading, so
 * the card is named by its registration.
 */
export function RegistrationPlate({ id, registration }: { id: string; registration: string }) {
  return (
    <Typography
      id={id}
      component="h2"
      sx={{
        display: 'inline-block',
        px: 1.5,
        py: 0.5,
        bgcolor: '#f7d117',
        color: '#111',
        border: '2px solid #111',
        borderRadius: 1,
        fontFamily: '"Arial Narrow", Arial, sans-serif',
        fontWeight: 700,
        fontSize: '1.5rem',
        lineHeight: 1.2,
        letterSpacing: '0.06em',
        overflowWrap: 'anywhere',
      }}
    >
      {registration}
    </Typography>
  );
}

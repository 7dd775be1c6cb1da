import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** Placeholder for a signed-in page that is built later, inside the frame. */
export default function ComingSoonRoute({ title }: { title: string }) {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Typography component="h1" variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">Coming soon</Typography>
    </Container>
  );
}

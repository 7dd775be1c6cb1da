import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A card of a person's page, named by its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

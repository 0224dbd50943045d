import { Card, CardContent, Typography } from '@mui/material';

export function Summary({ total }: { total: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6">Tổng: {total}</Typography>
      </CardContent>
    </Card>
  );
}

import { CardContent, Paper, Typography } from '@mui/material';

export function Summary({ total }: { total: number }) {
  return (
    <Paper variant="outlined">
      <CardContent>
        <Typography variant="h6">Tổng: {total}</Typography>
      </CardContent>
    </Paper>
  );
}

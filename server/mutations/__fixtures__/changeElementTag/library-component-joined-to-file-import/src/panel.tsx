import { Paper } from '@mui/material';

export function Panel() {
  return <Paper elevation={2}>Lô B</Paper>;
}

import { Typography } from '@mui/material';

export function Title() {
  return (
    <header>
      <Typography variant="h4">Plantation</Typography>
      <p>Six drones are flying.</p>
    </header>
  );
}

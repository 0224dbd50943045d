import { Typography, Box } from '@mui/material';

export function Title() {
  return (
    <header>
      <Typography variant="h4">Plantation</Typography>
      <Box component="p" sx={{ color: 'primary.main', mb: 2 }}>Six drones are flying.</Box>
    </header>
  );
}

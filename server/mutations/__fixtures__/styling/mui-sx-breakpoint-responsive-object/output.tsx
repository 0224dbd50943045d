import { Box } from '@mui/material';

export function Panel() {
  return (
    <Box
      sx={{
        p: { xs: 2, md: 4 },
        display: 'flex',
        color: { md: '#1976d2' },
      }}
    >
      Six drones are flying.
    </Box>
  );
}

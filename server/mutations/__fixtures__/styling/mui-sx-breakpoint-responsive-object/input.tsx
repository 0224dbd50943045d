import { Box } from '@mui/material';

export function Panel() {
  return (
    <Box
      sx={{
        p: 2,
        display: 'flex',
      }}
    >
      Six drones are flying.
    </Box>
  );
}

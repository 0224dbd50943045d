import { Box } from '@mui/material';

export function Panel({ active }: { active: boolean }) {
  return (
    <Box
      sx={[
        { p: 2, display: 'flex' },
        active && { bgcolor: 'primary.main' },
      ]}
    >
      Six drones are flying.
    </Box>
  );
}

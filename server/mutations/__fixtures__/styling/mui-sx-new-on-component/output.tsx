import { Box } from '@mui/material';

export function Panel() {
  return <Box component="section" sx={{ p: 2, bgcolor: 'secondary.main', width: '50%' }}>Six drones are flying.</Box>;
}
